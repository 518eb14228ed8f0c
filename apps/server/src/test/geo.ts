/** Jacksonville's centre: where the server's tests put their members. */
export const CITY = { latitude: 30.3322, longitude: -81.6557 };

/** A point `km` north-east-ish of the city centre. */
export function offset(km: number, bearingDeg = 45) {
  const b = (bearingDeg * Math.PI) / 180;
  return {
    latitude: CITY.latitude + (km / 111.32) * Math.cos(b),
    longitude: CITY.longitude + (km / (111.32 * Math.cos((CITY.latitude * Math.PI) / 180))) * Math.sin(b),
  };
}
