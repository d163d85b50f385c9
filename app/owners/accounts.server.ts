import { wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { inviteOwner, type OwnerInvitation } from "~/models/owner-account.server";
import { inviteGuest, type GuestInvitation } from "~/models/owner-guest.server";
import { resendInvitation } from "~/models/owner-invitation.server";

/**
 * The writes that queue an invitation, and then start its delivery at once (the models queue the
 * mail in their transaction; waking the mail worker is the feature's, as for password resets).
 */
async function thenSend<T>(write: Promise<T>): Promise<T> {
  const done = await write;
  if (done) wakeMailDelivery();
  return done;
}

export const sendOwnerInvitation = (values: OwnerInvitation) => thenSend(inviteOwner(values));

export const sendGuestInvitation = (hostId: string, values: GuestInvitation) => thenSend(inviteGuest(hostId, values));

export const sendNewInvitation = (userId: string, options: { hostId?: string } = {}) =>
  thenSend(resendInvitation(userId, options));
