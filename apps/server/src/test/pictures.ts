import sharp from "sharp";

/** The GPS position a test picture carries in its EXIF (a member's home, say). */
export const FIXTURE_GPS = {
  GPSLatitudeRef: "N",
  GPSLatitude: "30/1 37/1 12/1",
  GPSLongitudeRef: "W",
  GPSLongitude: "81/1 30/1 0/1",
};

/** A JPEG with camera and GPS tags, as a phone writes them; noisy so it compresses like a photo. */
export async function jpegWithGps(width = 640, height = 480, orientation?: number): Promise<Buffer> {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + ((i / width) | 0) * 31) & 0xff;
  // withExif cannot set Orientation (libvips writes its own); withMetadata can, and keeps the tags.
  const tagged = sharp(raw, { raw: { width, height, channels } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: "TestCam", Model: "Spy 1" }, IFD3: FIXTURE_GPS });
  return (orientation ? tagged.withMetadata({ orientation }) : tagged).toBuffer();
}

export async function pngWithAlpha(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 200, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A multipart body with one file field, for inject(). */
export function pictureForm(data: Buffer, filename = "photo.jpg", type = "image/jpeg", field = "file"): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  return form;
}
