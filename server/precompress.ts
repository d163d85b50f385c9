import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml)$/;

/** Writes name.br and name.gz next to every compressible file under dir (when smaller). */
export function precompressDirectory(dir: string) {
  if (!fs.existsSync(dir)) return 0;
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = fs.readFileSync(file);
    if (source.length < 1024) continue;
    const br = zlib.brotliCompressSync(source, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    const gz = zlib.gzipSync(source, { level: 9 });
    if (br.length < source.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < source.length) fs.writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

/** Vite plugin: pre-compresses the client build's hashed assets once, at build time. */
export function precompressAssets(): Plugin {
  let outDir = "";
  let ssr = false;
  return {
    name: "stable:precompress-assets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (!ssr) precompressDirectory(path.join(outDir, "assets"));
    },
  };
}
