import { Field } from "./field";

/**
 * A new password and its confirmation, with the browser's hints for password managers. The rules
 * themselves are checked by the form's schema on the server.
 */
export function NewPasswordFields({
  minLength,
  errors,
  labels = { password: "Password", confirm: "Confirm password" },
}: {
  minLength: number;
  errors?: { password?: string[]; confirm?: string[] } | null;
  labels?: { password: string; confirm: string };
}) {
  const common = { type: "password", autoComplete: "new-password", required: true, minLength } as const;
  return (
    <>
      <Field label={labels.password} name="password" error={errors?.password?.[0]} {...common} />
      <Field label={labels.confirm} name="confirm" error={errors?.confirm?.[0]} {...common} />
    </>
  );
}
