/** How every form's address field is typed: a phone shows its email keyboard, nothing is corrected. */
export const EMAIL_INPUT_PROPS = {
  type: "email",
  autoComplete: "email",
  autoCapitalize: "none",
  spellCheck: false,
  placeholder: "you@example.com",
  inputSize: "lg",
} as const;
