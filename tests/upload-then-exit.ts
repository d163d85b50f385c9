/**
 * A process that ends in the middle of an upload (as a stop that outlasts its grace period does):
 * it starts receiving a file into DATA_DIR/tmp/uploads, says "writing" once the file has bytes,
 * and exits with status 1 at once. Used by app/media/upload.server.test.ts.
 */
import fs from "node:fs";
import { parseUploadedForm, uploadTmpDir } from "~/media/upload.server";

const boundary = "exit-test";
const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
const body = new ReadableStream<Uint8Array>({
  start(controller) {
    controller.enqueue(new Uint8Array(Buffer.concat([Buffer.from(head), Buffer.alloc(256 * 1024, 1)])));
  },
});
void parseUploadedForm(
  new Request("http://localhost/x", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit),
);
const timer = setInterval(() => {
  const files = fs.existsSync(uploadTmpDir()) ? fs.readdirSync(uploadTmpDir()) : [];
  if (files.length) {
    clearInterval(timer);
    console.log("writing");
    process.exit(1);
  }
}, 5);
