import { parseArgs } from "node:util";
import { recordActivity } from "~/models/activity.server";
import { createOrPromoteAdmin, findUserByEmail, OwnerAccountError } from "~/auth/accounts.server";
import { heldAs, mayTakeOver } from "~/models/owner-account.server";
import { listAdmins, revokeAdmin } from "~/models/user-role.server";
import { runAs } from "~/platform/actor.server";
import { newPasswordProblem } from "~/auth/password-rules.server";

export const USAGE = `Usage:
  npm run admin -- create --email E --password P   create an administrator, or promote an existing user
                                                     (an existing user's password is replaced when given;
                                                     --take-over frees an address held by a pending or
                                                     revoked owner or guest, removing that account)
  npm run admin -- list                             list the administrators
  npm run admin -- revoke --email E                 remove the administrator role (the user stays)`;

export type Output = { out: (line: string) => void; err: (line: string) => void };

/** The command's changes, as the activity log shows them (never the password itself). */
const COMMAND = { userId: null, email: null, via: "command" } as const;

/** The admin command's logic (scripts/admin.ts runs it); returns the exit code. */
export async function runAdminCommand(argv: string[], { out, err }: Output): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        "take-over": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    err(error instanceof Error ? error.message : String(error));
    err(USAGE);
    return 2;
  }
  const [command] = parsed.positionals;
  const { email, password } = parsed.values;

  if (parsed.values.help || !command) {
    (command ? out : err)(USAGE);
    return parsed.values.help ? 0 : 2;
  }

  if (command === "list") {
    const admins = await listAdmins();
    if (!admins.length) out("No administrators yet.");
    for (const a of admins) out(a.email);
    return 0;
  }

  if (command === "create") {
    if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      err("create needs --email with a valid e-mail address.");
      return 2;
    }
    const existing = await findUserByEmail(email);
    if (!existing && !password) {
      err("create needs --password for a new user.");
      return 2;
    }
    if (password) {
      const problem = await newPasswordProblem(password, { email });
      if (problem) {
        err(problem);
        return 2;
      }
    }
    let made: Awaited<ReturnType<typeof createOrPromoteAdmin>>;
    try {
      const takeOver = parsed.values["take-over"] ?? false;
      made = await runAs(COMMAND, () => createOrPromoteAdmin({ email, password, takeOver }));
    } catch (error) {
      if (!(error instanceof OwnerAccountError)) throw error;
      err(
        mayTakeOver(error.held)
          ? `This e-mail address belongs to ${heldAs(error.held)}. Add --take-over to remove that account and make the administrator.`
          : error.message,
      );
      return 2;
    }
    const { user, created } = made;
    await recordActivity(
      {
        kind: created ? "create" : "update",
        entity: "administrator",
        entityId: user.id,
        summary: created
          ? `Administrator created: ${user.email}`
          : `Administrator role granted: ${user.email}${password ? " (password replaced)" : ""}`,
      },
      { actor: COMMAND },
    );
    out(
      created
        ? `Created administrator ${user.email}.`
        : `${user.email} is now an administrator${password ? " (password replaced)" : ""}.`,
    );
    return 0;
  }

  if (command === "revoke") {
    if (!email) {
      err("revoke needs --email.");
      return 2;
    }
    const user = await findUserByEmail(email);
    if (!user) {
      err(`No user with the e-mail ${email.trim().toLowerCase()}.`);
      return 1;
    }
    const had = await revokeAdmin(user.id);
    if (had) {
      await recordActivity(
        {
          kind: "update",
          entity: "administrator",
          entityId: user.id,
          summary: `Administrator role removed: ${user.email}`,
        },
        { actor: COMMAND },
      );
    }
    out(had ? `${user.email} is no longer an administrator.` : `${user.email} was not an administrator.`);
    return 0;
  }

  err(`Unknown command: ${command}`);
  err(USAGE);
  return 2;
}
