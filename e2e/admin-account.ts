/** The e2e server's first admin, made before it starts (npm run admin -- create). */
export const E2E_ADMIN = { email: "admin@e2e.vicinity.test", password: "a long and unusual passphrase" } as const;
