/** Stand-ins for navigator.geolocation in stories: a position, a refusal, or never answering. */
export function fakeGeolocation(
  result: "granted" | "denied" | "pending",
  coords = { latitude: 30.3322, longitude: -81.6557 },
): Geolocation {
  return {
    getCurrentPosition(success, failure) {
      if (result === "granted") {
        queueMicrotask(() =>
          success({
            coords: {
              ...coords,
              accuracy: 10,
              altitude: null,
              altitudeAccuracy: null,
              heading: null,
              speed: null,
              toJSON: () => coords,
            },
            timestamp: 0,
            toJSON: () => ({}),
          } as GeolocationPosition),
        );
      } else if (result === "denied") {
        queueMicrotask(() =>
          failure?.({
            code: 1,
            message: "User denied Geolocation",
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
          } as GeolocationPositionError),
        );
      }
    },
    // Watching answers as asking once does: one fix (or the refusal), then nothing more.
    watchPosition(success, failure) {
      this.getCurrentPosition(success, failure);
      return 1;
    },
    clearWatch: () => undefined,
  };
}
