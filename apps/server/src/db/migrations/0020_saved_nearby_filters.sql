-- A member's saved grid filters (issue 37: MemberFilters as JSON, checked by the API on the way in); null: none.
ALTER TABLE "users" ADD COLUMN "nearby_filters" jsonb;