/**
 * `npm run bench:images`: generates sample phone-like photos (JPEG with EXIF orientation and GPS)
 * of several sizes, runs each through the same pipeline as an upload, and prints the processing
 * time, the input size and the size of every stored file. Works in a temporary directory.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import piexif from "piexifjs";
import { photoJpeg } from "@tests/images";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-images-"));
process.env.DATA_DIR = work;
process.env.LOG_LEVEL ??= "warn";
const { storeImage } = await import("~/media/images.server");
const { storedFilesOf } = await import("~/media/images.server");
const { storage } = await import("~/media/storage.server");
const { formatBytes } = await import("~/media/image");

const inputs = [
  { label: "1 MP", width: 1224, height: 816 },
  { label: "12 MP", width: 4032, height: 3024 },
  { label: "24 MP", width: 6000, height: 4000 },
];

function withExif(jpeg: Buffer) {
  const exif = piexif.dump({
    "0th": { [piexif.ImageIFD.Orientation]: 1, [piexif.ImageIFD.Make]: "Bench" },
    GPS: {
      [piexif.GPSIFD.GPSLatitudeRef]: "N",
      [piexif.GPSIFD.GPSLatitude]: [
        [55, 1],
        [46, 1],
        [0, 1],
      ],
    },
  });
  return Buffer.from(piexif.insert(exif, jpeg.toString("binary")), "binary");
}

try {
  console.log(
    `sharp processing benchmark (${os.cpus().length} CPU cores, load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version})\n`,
  );
  for (const input of inputs) {
    const file = path.join(work, `${input.label.replace(" ", "")}.jpg`);
    fs.writeFileSync(file, withExif(await photoJpeg(input.width, input.height)));
    const inputBytes = fs.statSync(file).size;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const image = await storeImage("horse-images", { path: file });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    console.log(
      `${input.label} JPEG ${input.width}×${input.height}, ${formatBytes(inputBytes)} in: ${(ms / 1000).toFixed(2)} s (${cpuSeconds.toFixed(2)} s of CPU)`,
    );
    const keys = await storedFilesOf(image.url);
    const sizes = await Promise.all(
      keys.map(async (k) => ({ key: k, size: fs.statSync(path.join(storage().root, k)).size })),
    );
    const name = (k: string) => k.match(/\.(w\d+\.(avif|webp))$/)?.[1] ?? `original.${k.split(".").pop()}`;
    const order = (k: string) =>
      (/\.w(\d+)\./.exec(k) ? Number(/\.w(\d+)\./.exec(k)![1]) : 1e9) + (k.endsWith("webp") ? 0.5 : 0);
    for (const { key, size } of sizes.sort((a, b) => order(a.key) - order(b.key))) {
      console.log(`  ${name(key).padEnd(16)} ${formatBytes(size).padStart(9)}`);
    }
    console.log("");
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
