export { ComingSoonPage, DeviceSwitch } from "@vicinity/features/shell";
