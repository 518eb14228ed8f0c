/** The product's display name (decisions.md, "Name"): every user-facing mention comes from here. */
export const PRODUCT_NAME = "Vicinity";
