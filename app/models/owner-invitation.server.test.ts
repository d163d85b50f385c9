import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { createOwner, credentialsOf, testHorse } from "@tests/owners";
import { hashNewPassword } from "~/auth/accounts.server";
import { listActivity } from "./activity.server";
import { listQueuedMail } from "./mail-queue.server";
import { INVITATION_VALID_MS } from "./owner-account";
import { AlreadyActiveError, getOwnerAccount, inviteOwner, listOwners, revokeOwner } from "./owner-account.server";
import { acceptInvitation, findInvitation, issueInvitationLink, resendInvitation } from "./owner-invitation.server";

useFreshDatabase();

describe("the invitation link", () => {
  test("is made as the mail is sent, retires the older one, works once and for 7 days", async () => {
    const x = await testHorse("Xenia");
    await inviteOwner({ name: "Anna", email: "anna@example.com", language: "en", horseIds: [x.id] });
    const now = new Date("2026-06-01T10:00:00Z");
    const first = (await issueInvitationLink("anna@example.com", now))!;
    const second = (await issueInvitationLink("anna@example.com", now))!;
    expect(first.token).not.toBe(second.token);
    expect(second.expiresAt).toBe(new Date(now.getTime() + INVITATION_VALID_MS).toISOString());
    expect(await findInvitation(first.token, now)).toBeNull();
    expect(await findInvitation(second.token, now)).toMatchObject({ email: "anna@example.com", role: "owner" });
    const late = new Date(now.getTime() + INVITATION_VALID_MS + 1000);
    expect(await findInvitation(second.token, late)).toBeNull();
    expect((await listOwners(late))[0]!.status).toBe("expired");

    const hash = await hashNewPassword("Paddock-Gallop-2024");
    expect(await acceptInvitation(second.token, hash, late)).toBeNull();
    const accepted = await acceptInvitation(second.token, hash, now);
    expect(accepted).toMatchObject({ email: "anna@example.com", language: "en" });
    expect(await acceptInvitation(second.token, hash, now)).toBeNull();
    expect((await getOwnerAccount(accepted!.userId))!.state).toBe("active");
    expect(await credentialsOf(accepted!.userId)).toHaveLength(1);
    expect(await issueInvitationLink("anna@example.com")).toBeNull();
    const { entries } = await listActivity({ kind: "accept" });
    expect(entries.map((e) => [e.summary, e.via, e.actorEmail])).toEqual([
      ["Invitation accepted: Anna (anna@example.com)", "owners", "anna@example.com"],
    ]);
  });

  test("a new invitation is refused to an active account and queued for an invited or revoked one", async () => {
    const x = await testHorse("Xenia");
    const active = await createOwner({ horseIds: [x.id] });
    const invited = await createOwner({ horseIds: [x.id], active: false });
    await expect(resendInvitation(active.id)).rejects.toBeInstanceOf(AlreadyActiveError);
    expect(await resendInvitation(invited.id)).toMatchObject({ email: invited.email });
    await revokeOwner(active.id);
    expect(await resendInvitation(active.id)).toMatchObject({ email: active.email });
    expect((await getOwnerAccount(active.id))!.state).toBe("invited");
    expect(await resendInvitation("no-such-owner")).toBeNull();
    expect((await listQueuedMail({ kind: "owner-invitation" })).map((m) => m.toAddress).sort()).toEqual(
      [active.email, active.email, invited.email, invited.email].sort(),
    );
  });
});
