/**
 * Upload progress for React Router form submissions.
 *
 * fetch() reports no upload progress, and React Router submits with fetch(). So when a form that
 * contains an image upload field is submitted, the field arms this module; the next fetch that
 * carries that form's files (React Router's own request to the route action) is sent with
 * XMLHttpRequest instead, and its response is handed back to React Router as an ordinary
 * Response. The action, redirects, toasts, errors and revalidation all work exactly as they do
 * without it; this only adds `upload.onprogress`. Any other fetch passes straight through.
 */

export type UploadPhase = "idle" | "uploading" | "processing";

export type UploadSnapshot = {
  phase: UploadPhase;
  /** 0–100 while uploading; null when the browser cannot tell. */
  percent: number | null;
  /** The form being submitted. */
  form: HTMLFormElement | null;
};

const IDLE: UploadSnapshot = { phase: "idle", percent: null, form: null };
let snapshot: UploadSnapshot = IDLE;
const listeners = new Set<() => void>();

function set(next: UploadSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

export function subscribeUpload(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getUploadSnapshot(): UploadSnapshot {
  return snapshot;
}

export function getServerUploadSnapshot(): UploadSnapshot {
  return IDLE;
}

/** How long an armed submission waits for its request before giving up on progress. */
const ARM_TIMEOUT_MS = 3000;
let armed: { form: HTMLFormElement; timer: ReturnType<typeof setTimeout> } | null = null;
let originalFetch: typeof fetch | null = null;

/** Called when `form` is submitted with a file chosen: its request will report progress. */
export function armUpload(form: HTMLFormElement) {
  installInterceptor();
  if (armed) clearTimeout(armed.timer);
  armed = {
    form,
    timer: setTimeout(() => {
      // Nothing was sent (another handler stopped the submission): release the form.
      if (armed?.form === form) armed = null;
      if (snapshot.form === form && snapshot.phase === "uploading" && snapshot.percent === 0) set(IDLE);
    }, ARM_TIMEOUT_MS),
  };
  set({ phase: "uploading", percent: 0, form });
}

/** The form's own check refused the submission: nothing will be sent, so the form is free again at once. */
export function disarmUpload(form: HTMLFormElement) {
  if (armed?.form === form) {
    clearTimeout(armed.timer);
    armed = null;
  }
  if (snapshot.form === form && snapshot.phase === "uploading" && snapshot.percent === 0) set(IDLE);
}

function carriesFile(body: unknown): body is FormData {
  if (typeof FormData === "undefined" || !(body instanceof FormData)) return false;
  for (const [, value] of body) if (typeof value !== "string" && value.size > 0) return true;
  return false;
}

function installInterceptor() {
  if (originalFetch || typeof window === "undefined") return;
  originalFetch = window.fetch;
  const passThrough = originalFetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? "GET").toUpperCase();
    if (armed && method !== "GET" && carriesFile(init?.body)) {
      const { form, timer } = armed;
      clearTimeout(timer);
      armed = null;
      return sendWithProgress(input, init!, form);
    }
    return passThrough(input, init);
  };
}

function requestUrl(input: RequestInfo | URL) {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

const NO_BODY = new Set([101, 103, 204, 205, 304]);

function sendWithProgress(input: RequestInfo | URL, init: RequestInit, form: HTMLFormElement): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open((init.method ?? "POST").toUpperCase(), requestUrl(input));
    xhr.responseType = "arraybuffer";
    xhr.withCredentials = init.credentials === "include";
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));

    xhr.upload.onprogress = (event) => {
      const percent =
        event.lengthComputable && event.total > 0
          ? Math.min(100, Math.floor((event.loaded / event.total) * 100))
          : null;
      set({ phase: "uploading", percent, form });
    };
    // Everything is sent: the server is now checking and resizing the photo.
    xhr.upload.onload = () => set({ phase: "processing", percent: 100, form });
    xhr.onload = () => {
      set(IDLE);
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(":");
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const body = NO_BODY.has(xhr.status) ? null : (xhr.response as ArrayBuffer);
      try {
        resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      set(IDLE);
      reject(new TypeError("Failed to fetch"));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      set(IDLE);
      reject(new DOMException("The upload was cancelled.", "AbortError"));
    };
    if (init.signal) {
      if (init.signal.aborted) {
        set(IDLE);
        return reject(new DOMException("The upload was cancelled.", "AbortError"));
      }
      init.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(init.body as XMLHttpRequestBodyInit);
  });
}
