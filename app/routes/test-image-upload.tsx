/**
 * A test-only page for the browser test of the image upload field (tests/e2e/image-upload.spec.ts).
 * It is in the route table only in builds made for the tests (STABLE_TEST_ROUTES=1 at build
 * time, see app/routes.ts) and, even there, answers 404 unless the server runs with
 * STABLE_TEST_ROUTES=1. Its loader and action are written the way the admin ones are, admin
 * check first (the server applies the upload limit to administrators only).
 */
import {
  data,
  Form,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from "react-router";
import { ImageUploadField, useUploadStatus } from "~/media/image-upload-field";
import { ResponsiveImage } from "~/media/responsive-image";
import { requireAdmin } from "~/auth/auth.server";
import { env } from "~/platform/env.server";
import { isUploadError } from "~/media/upload.server";
import { replaceImage, type StoredImage } from "~/media/images.server";
import { redirectWithToast } from "~/toast/toast.server";
import { withUploadedForm } from "~/media/upload.server";

let current: StoredImage | null = null;
let saves = 0;

function guard() {
  if (env().STABLE_TEST_ROUTES !== "1") throw new Response("Not Found", { status: 404 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  guard();
  await requireAdmin(request);
  return { image: current, saves };
}

export async function action({ request }: ActionFunctionArgs) {
  guard();
  await requireAdmin(request);
  try {
    return await withUploadedForm(request, async (form) => {
      const altText = form.values.altText ?? "";
      await replaceImage(
        { bucket: "horse-images", upload: form.file("image"), oldUrl: current?.url, homePosition: 1, field: "image" },
        async (image) => {
          if (image) current = image;
          saves += 1;
        },
      );
      return redirectWithToast("/__test/image-upload", {
        type: "success",
        title: "Image Updated",
        description: `Saved "${altText}".`,
      });
    });
  } catch (error) {
    if (isUploadError(error)) return data({ errors: { image: error.message } }, { status: error.status });
    throw error;
  }
}

export default function TestImageUpload() {
  const { image, saves } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const status = useUploadStatus();
  return (
    <main className="mx-auto max-w-xl space-y-4 p-6">
      <h1 className="text-2xl font-bold">Upload check</h1>
      <p>Saves: {saves}</p>
      {image ? <ResponsiveImage image={image} alt="Stored image" sizes="320px" className="w-80" /> : null}
      <Form method="post" encType="multipart/form-data" className="space-y-3" aria-label="Upload check">
        <label className="block">
          Alt text <input name="altText" defaultValue="Gallery" className="border" />
        </label>
        <ImageUploadField name="image" label="Image" currentImage={image} error={actionData?.errors?.image} />
        <button
          type="submit"
          disabled={status.busy}
          className="rounded bg-stone-800 px-3 py-2 text-white disabled:opacity-50"
        >
          Save Changes
        </button>
      </Form>
    </main>
  );
}
