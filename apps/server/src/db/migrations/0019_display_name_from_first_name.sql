-- The name a member gives at onboarding (his first name) is the name other members see while he
-- has chosen no display name: before, his own header said "Sam" and everyone else saw "sam.1795".
UPDATE "users" SET "display_name" = "first_name" WHERE "display_name" IS NULL AND "first_name" IS NOT NULL AND btrim("first_name") <> '';
