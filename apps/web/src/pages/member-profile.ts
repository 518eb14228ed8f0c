export { MemberProfilePage } from "@vicinity/features/discovery";
