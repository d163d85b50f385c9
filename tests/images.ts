import piexif from "piexifjs";
import sharp from "sharp";

/** Test images made on the spot (nothing is downloaded). */

/**
 * A photo-like JPEG: gradients, texture at several scales (which survives resizing, as real
 * detail does) and sensor-like fine noise, so it compresses roughly like a real photo.
 */
export async function photoJpeg(width: number, height: number, quality = 88): Promise<Buffer> {
  const raw = { width, height, channels: 3 } as const;
  const noise = (w: number, h: number, sigma: number) =>
    sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: "gaussian", mean: 128, sigma },
      },
    });
  const scaled = (divisor: number, sigma: number) =>
    noise(Math.max(8, Math.round(width / divisor)), Math.max(8, Math.round(height / divisor)), sigma)
      .resize(width, height, { kernel: "cubic", fit: "fill" })
      .raw()
      .toBuffer();
  const [coarse, medium, fine] = await Promise.all([
    scaled(24, 60),
    scaled(4, 45),
    noise(width, height, 12).raw().toBuffer(),
  ]);
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#4a6b3a"/><stop offset=".5" stop-color="#c9a66b"/><stop offset="1" stop-color="#2d4a6b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#7a3b1d" opacity=".6"/></svg>`,
  );
  return sharp(gradient)
    .composite([
      { input: coarse, raw, blend: "soft-light" },
      { input: medium, raw, blend: "soft-light" },
      { input: fine, raw, blend: "soft-light" },
    ])
    .jpeg({ quality })
    .toBuffer();
}

/**
 * A landscape JPEG (red left half, blue right half) that carries EXIF Orientation 6 ("rotate 90°
 * clockwise to view"), a camera make and a GPS position. Shown upright it is portrait: red on
 * top, blue below.
 */
export async function jpegWithExif(width = 400, height = 200): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const base = await sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([
      { input: { create: { width: half, height, channels: 3, background: { r: 255, g: 0, b: 0 } } }, left: 0, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
  const exif = piexif.dump({
    "0th": {
      [piexif.ImageIFD.Orientation]: 6,
      [piexif.ImageIFD.Make]: "SecretCam",
      [piexif.ImageIFD.Model]: "Model GPS-1",
    },
    Exif: { [piexif.ExifIFD.DateTimeOriginal]: "2024:05:01 10:00:00" },
    GPS: {
      [piexif.GPSIFD.GPSLatitudeRef]: "N",
      [piexif.GPSIFD.GPSLatitude]: [
        [55, 1],
        [46, 1],
        [3012, 100],
      ],
      [piexif.GPSIFD.GPSLongitudeRef]: "E",
      [piexif.GPSIFD.GPSLongitude]: [
        [12, 1],
        [35, 1],
        [1234, 100],
      ],
    },
  });
  return Buffer.from(piexif.insert(exif, base.toString("binary")), "binary");
}

export function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 60 } } });
}

/** The first bytes of an iPhone HEIC: an ISO-BMFF 'ftyp' box with the heic brand. */
export function heicHeader(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypheic", 4, "latin1");
  ftyp.writeUInt32BE(0, 12);
  ftyp.write("mif1heic", 16, "latin1");
  return Buffer.concat([ftyp, Buffer.alloc(2000, 7)]);
}

export const SVG = Buffer.from(
  `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`,
);

/** A plain JPEG, quick to make: for tests where only the size and validity matter. */
export function plainJpeg(width: number, height: number): Promise<Buffer> {
  return solid(width, height).jpeg({ quality: 85 }).toBuffer();
}
