import { spawnSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mountSmallDisk } from "@tests/small-disk";
import { resetEnvCache } from "~/platform/env.server";
import {
  fileTooLargeMessage,
  formatBytes,
  isUploadError,
  parseUploadedForm,
  removeUploadsInFlight,
  sweepUploadLeftovers,
  UPLOAD_LEFTOVER_AGE_MS,
  UploadError,
  type ParseOptions,
  uploadTmpDir,
  withUploadedForm,
} from "./upload.server";

const tmpFiles = () => (fs.existsSync(uploadTmpDir()) ? fs.readdirSync(uploadTmpDir()) : []);

afterEach(async () => {
  await fsp.rm(uploadTmpDir(), { recursive: true, force: true });
});

function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; content: Buffer }>,
) {
  const boundary = "----test" + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ("filename" in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
      );
      chunks.push(p.content, Buffer.from("\r\n"));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A request whose body arrives as a stream of unknown length, like a chunked upload. */
function streamedRequest(body: Buffer, contentType: string, chunkSize = 64 * 1024) {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < body.length; i += chunkSize)
        controller.enqueue(new Uint8Array(body.subarray(i, i + chunkSize)));
      controller.close();
    },
  });
  return new Request("http://localhost/x", {
    method: "POST",
    headers: { "content-type": contentType },
    body: stream,
    duplex: "half",
  } as RequestInit);
}

describe("parseUploadedForm", () => {
  it("returns the text fields and streams the file to a temporary file that cleanup removes", async () => {
    const form = new FormData();
    form.append("name", "Nordlys Star");
    form.append("tag", "a");
    form.append("tag", "b");
    form.append("image", new File([new Uint8Array(Buffer.from("JPEGDATA"))], "star.jpg", { type: "image/jpeg" }));
    const parsed = await parseUploadedForm(new Request("http://localhost/x", { method: "POST", body: form }));
    expect(parsed.values).toEqual({ name: "Nordlys Star", tag: "a" });
    expect(parsed.fields.getAll("tag")).toEqual(["a", "b"]);
    const file = parsed.file("image")!;
    expect(file).toMatchObject({ fieldName: "image", filename: "star.jpg", declaredType: "image/jpeg", size: 8 });
    expect(fs.readFileSync(file.path, "utf8")).toBe("JPEGDATA");
    expect(path.dirname(file.path)).toBe(uploadTmpDir());
    await parsed.cleanup();
    expect(fs.existsSync(file.path)).toBe(false);
  });

  it("treats a file input left empty as no file", async () => {
    const form = new FormData();
    form.append("altText", "Gallery");
    form.append("image", new File([], "", { type: "application/octet-stream" }));
    const parsed = await parseUploadedForm(new Request("http://localhost/x", { method: "POST", body: form }));
    expect(parsed.file("image")).toBeNull();
    expect(parsed.values.altText).toBe("Gallery");
    expect(tmpFiles()).toEqual([]);
  });

  it("reads url-encoded forms too, so one action can serve every form of a page", async () => {
    const parsed = await parseUploadedForm(
      new Request("http://localhost/x", { method: "POST", body: new URLSearchParams({ intent: "delete", id: "h1" }) }),
    );
    expect(parsed.values).toEqual({ intent: "delete", id: "h1" });
    expect(parsed.files).toEqual([]);
  });

  it("refuses other content types", async () => {
    const error = await parseUploadedForm(
      new Request("http://localhost/x", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    ).catch((e: unknown) => e);
    expect(isUploadError(error) && error.status).toBe(415);
  });

  it("refuses a file over the limit (known length) with the limit in the message and keeps nothing", async () => {
    const { body, contentType } = multipart([
      { name: "name", value: "x" },
      { name: "image", filename: "big.jpg", type: "image/jpeg", content: Buffer.alloc(150 * 1024, 1) },
    ]);
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });
    const error = await parseUploadedForm(request, { maxBytes: 100 * 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).status).toBe(413);
    expect((error as UploadError).message).toBe("The file is too large. The limit is 100 KB.");
    expect((error as UploadError).field).toBe("image");
    // What was typed before the file arrived comes back, so the form can keep it.
    expect((error as UploadError).values).toEqual({ name: "x" });
    expect(tmpFiles()).toEqual([]);
  });

  it("refuses a body over the limit that arrives without a length, stopping at the limit", async () => {
    const { body, contentType } = multipart([
      { name: "image", filename: "big.jpg", type: "image/jpeg", content: Buffer.alloc(3 * 1024 * 1024, 2) },
    ]);
    const error = await parseUploadedForm(streamedRequest(body, contentType), { maxBytes: 1024 * 1024 }).catch(
      (e: unknown) => e,
    );
    expect((error as UploadError).status).toBe(413);
    expect((error as UploadError).message).toBe(fileTooLargeMessage(1024 * 1024));
    expect(tmpFiles()).toEqual([]);
  });

  it("the default limit is UPLOAD_MAX_BYTES, 20 MB", async () => {
    expect(fileTooLargeMessage(20 * 1024 * 1024)).toBe("The file is too large. The limit is 20 MB.");
    expect(formatBytes(1536)).toBe("2 KB");
    const { body, contentType } = multipart([
      { name: "image", filename: "big.jpg", type: "image/jpeg", content: Buffer.alloc(20 * 1024 * 1024 + 10, 3) },
    ]);
    const error = await parseUploadedForm(streamedRequest(body, contentType, 1024 * 1024)).catch((e: unknown) => e);
    expect((error as UploadError).message).toBe("The file is too large. The limit is 20 MB.");
    const ok = multipart([
      { name: "image", filename: "ok.jpg", type: "image/jpeg", content: Buffer.alloc(19 * 1024 * 1024, 3) },
    ]);
    await withUploadedForm(streamedRequest(ok.body, ok.contentType, 1024 * 1024), async (form) => {
      expect(form.file("image")!.size).toBe(19 * 1024 * 1024);
    });
    expect(tmpFiles()).toEqual([]);
  });

  it("removes the partial file when the upload is interrupted", async () => {
    const { body, contentType } = multipart([
      { name: "image", filename: "a.jpg", type: "image/jpeg", content: Buffer.alloc(512 * 1024, 4) },
    ]);
    // The connection drops when the parser asks for more than the first 300 KB (not on a timer,
    // which on a busy machine could fire before anyone reads).
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("connection reset"));
        sent = true;
        controller.enqueue(new Uint8Array(body.subarray(0, 300 * 1024)));
      },
    });
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": contentType },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const error = await parseUploadedForm(request).catch((e: unknown) => e);
    expect((error as UploadError).status).toBe(400);
    expect(tmpFiles()).toEqual([]);
  });

  it("withUploadedForm removes the temporary files even when the action fails", async () => {
    const { body, contentType } = multipart([
      { name: "image", filename: "a.jpg", type: "image/jpeg", content: Buffer.from("x") },
    ]);
    let seen = "";
    await expect(
      withUploadedForm(
        new Request("http://localhost/x", { method: "POST", headers: { "content-type": contentType }, body }),
        async (form) => {
          seen = form.file("image")!.path;
          throw new Error("boom");
        },
      ),
    ).rejects.toThrow("boom");
    expect(seen).not.toBe("");
    expect(fs.existsSync(seen)).toBe(false);
  });
});

describe("over HTTP", () => {
  it("answers an oversized upload with 413 and the message instead of a reset connection", async () => {
    const server = await uploadServer({ maxBytes: 256 * 1024 });
    try {
      const { body, contentType } = multipart([
        { name: "image", filename: "big.jpg", type: "image/jpeg", content: Buffer.alloc(700 * 1024, 5) },
      ]);
      const response = await fetch(server.url, { method: "POST", headers: { "content-type": contentType }, body });
      expect(response.status).toBe(413);
      expect(await response.text()).toBe("The file is too large. The limit is 256 KB.");
      const small = multipart([
        { name: "image", filename: "ok.jpg", type: "image/jpeg", content: Buffer.alloc(100 * 1024, 5) },
      ]);
      const ok = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": small.contentType },
        body: small.body,
      });
      expect(await ok.text()).toBe("stored");
      expect(tmpFiles()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

/**
 * Serves withUploadedForm over HTTP, answering "stored", or an UploadError's status and message
 * (with the text fields that arrived in X-Form-Values).
 */
async function uploadServer(options?: ParseOptions) {
  const server = http.createServer(async (req, res) => {
    const request = new Request(`http://localhost${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
    try {
      res.end(await withUploadedForm(request, async () => "stored", options));
    } catch (error) {
      res.statusCode = isUploadError(error) ? error.status : 500;
      if (isUploadError(error)) res.setHeader("X-Form-Values", JSON.stringify(error.values));
      res.end((error as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/upload`, close: () => new Promise((r) => server.close(r)) };
}

const systemError = (code: string, syscall: string) =>
  Object.assign(new Error(`${code}: ${syscall}`), { code, syscall, errno: -1 });

describe("temporary files the server cannot write", () => {
  it("answers a full disk with 507 and the reason, keeps nothing and still reads the whole form", async () => {
    // A real full file system (1 MB tmpfs) when running as root; otherwise the write fails as one would.
    const disk = mountSmallDisk(1024);
    const dataDir = process.env.DATA_DIR;
    if (disk) {
      process.env.DATA_DIR = disk.dir;
      resetEnvCache();
    } else {
      const real = fs.createWriteStream;
      vi.spyOn(fs, "createWriteStream").mockImplementation((file, options) =>
        String(file).startsWith(uploadTmpDir())
          ? (new Writable({
              write: (_chunk, _encoding, done) => done(systemError("ENOSPC", "write")),
            }) as fs.WriteStream)
          : real(file, options),
      );
    }
    const server = await uploadServer();
    try {
      const { body, contentType } = multipart([
        { name: "intent", value: "create" },
        { name: "image", filename: "big.jpg", type: "image/jpeg", content: Buffer.alloc(2 * 1024 * 1024, 6) },
        { name: "name", value: "After the file" },
      ]);
      const response = await fetch(server.url, { method: "POST", headers: { "content-type": contentType }, body });
      expect(response.status).toBe(507);
      // Fields after the file arrived too: the form was read to its end, not cut off.
      expect(await response.text()).toBe("The server's disk is full.");
      expect(JSON.parse(response.headers.get("X-Form-Values")!)).toEqual({ intent: "create", name: "After the file" });
      expect(tmpFiles()).toEqual([]);
    } finally {
      await server.close();
      vi.restoreAllMocks();
      process.env.DATA_DIR = dataDir;
      resetEnvCache();
      disk?.unmount();
    }
    // The same request works once there is room again.
    const again = await uploadServer();
    try {
      const { body, contentType } = multipart([
        { name: "image", filename: "a.jpg", type: "image/jpeg", content: Buffer.alloc(1024, 6) },
      ]);
      const ok = await fetch(again.url, { method: "POST", headers: { "content-type": contentType }, body });
      expect(await ok.text()).toBe("stored");
    } finally {
      await again.close();
    }
  });

  it("answers too many open files or a permission error with 503 and the reason", async () => {
    for (const code of ["EMFILE", "EACCES"]) {
      const real = fs.createWriteStream;
      vi.spyOn(fs, "createWriteStream").mockImplementation((file, options) =>
        String(file).startsWith(uploadTmpDir())
          ? (new Writable({
              construct: (done) => done(systemError(code, "open")),
              write: (_c, _e, done) => done(),
            }) as fs.WriteStream)
          : real(file, options),
      );
      try {
        const { body, contentType } = multipart([
          { name: "intent", value: "update" },
          { name: "image", filename: "a.jpg", type: "image/jpeg", content: Buffer.alloc(300 * 1024, 6) },
        ]);
        const error = await parseUploadedForm(
          new Request("http://localhost/x", { method: "POST", headers: { "content-type": contentType }, body }),
        ).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UploadError);
        expect((error as UploadError).status).toBe(503);
        expect((error as UploadError).message).toBe("The server cannot write files right now. Please try again later.");
        expect((error as UploadError).values).toEqual({ intent: "update" });
        expect(((error as UploadError).cause as NodeJS.ErrnoException).code).toBe(code);
        expect(tmpFiles()).toEqual([]);
      } finally {
        vi.restoreAllMocks();
      }
    }
  });

  it("reads only the text fields when asked to drop the files, writing nothing", async () => {
    const { body, contentType } = multipart([
      { name: "intent", value: "create" },
      { name: "image", filename: "a.jpg", type: "image/jpeg", content: Buffer.alloc(300 * 1024, 6) },
    ]);
    await fsp.rm(uploadTmpDir(), { recursive: true, force: true });
    const parsed = await parseUploadedForm(
      new Request("http://localhost/x", { method: "POST", headers: { "content-type": contentType }, body }),
      { discardFiles: true },
    );
    expect(parsed.values).toEqual({ intent: "create" });
    expect(parsed.files).toEqual([]);
    expect(fs.existsSync(uploadTmpDir())).toBe(false);
  });
});

/** Waits (briefly) until `check` holds; the upload is then at the point the test wants. */
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

/** A request whose body sends `first` and then nothing more until the test ends it. */
function stalledRequest(first: Buffer, contentType: string) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(new Uint8Array(first));
    },
  });
  const request = new Request("http://localhost/x", {
    method: "POST",
    headers: { "content-type": contentType },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { request, fail: () => controller.error(new Error("connection reset")) };
}

describe("the temporary files of uploads", () => {
  it("are readable by the site's user only, in a folder only it may enter", async () => {
    const { body, contentType } = multipart([
      { name: "image", filename: "gps.jpg", type: "image/jpeg", content: Buffer.alloc(64 * 1024, 7) },
    ]);
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });
    await withUploadedForm(request, async (form) => {
      expect(fs.statSync(form.file("image")!.path).mode & 0o777).toBe(0o600);
      expect(fs.statSync(uploadTmpDir()).mode & 0o777).toBe(0o700);
    });
  });

  it("are removed when the browser goes away in the middle of an upload over HTTP", async () => {
    const server = await uploadServer();
    try {
      const { body, contentType } = multipart([
        { name: "image", filename: "slow.jpg", type: "image/jpeg", content: Buffer.alloc(2 * 1024 * 1024, 3) },
      ]);
      const url = new URL(server.url);
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "content-type": contentType, "content-length": String(body.length) },
      });
      req.on("error", () => {});
      req.write(body.subarray(0, 512 * 1024));
      await until(
        () => tmpFiles().length === 1 && fs.statSync(path.join(uploadTmpDir(), tmpFiles()[0]!)).size > 0,
        "the partial file",
      );
      req.destroy();
      await until(() => tmpFiles().length === 0, "the partial file to go");
    } finally {
      await server.close();
    }
  });

  it("of uploads still arriving are removed when the site stops", async () => {
    const { body, contentType } = multipart([
      { name: "image", filename: "slow.jpg", type: "image/jpeg", content: Buffer.alloc(512 * 1024, 3) },
    ]);
    const { request, fail } = stalledRequest(body.subarray(0, 200 * 1024), contentType);
    const parsing = parseUploadedForm(request).catch((e: unknown) => e);
    await until(() => tmpFiles().length === 1, "the partial file");
    removeUploadsInFlight();
    expect(tmpFiles()).toEqual([]);
    fail();
    await parsing;
  });

  it("are removed when the process exits in the middle of an upload", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-exit-"));
    try {
      const result = spawnSync(process.execPath, ["--import", "tsx", "tests/upload-then-exit.ts"], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
      });
      expect(result.stdout).toContain("writing");
      expect(result.status).toBe(1);
      expect(fs.readdirSync(path.join(dataDir, "tmp", "uploads"))).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("left behind by a process that ended are swept at start, and old ones by housekeeping", async () => {
    fs.mkdirSync(uploadTmpDir(), { recursive: true });
    const leftover = path.join(uploadTmpDir(), "1700000000000-abcdef.upload");
    fs.writeFileSync(leftover, "partial upload with GPS");
    await sweepUploadLeftovers();
    expect(tmpFiles()).toEqual([]);

    const old = path.join(uploadTmpDir(), "old.upload");
    const recent = path.join(uploadTmpDir(), "recent.upload");
    for (const file of [old, recent]) fs.writeFileSync(file, "x");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await sweepUploadLeftovers({ olderThanMs: UPLOAD_LEFTOVER_AGE_MS })).toBe(1);
    expect(tmpFiles()).toEqual(["recent.upload"]);
  });
});
