/**
 * Approvers through the API: an owner makes a member an approver (or a member again); an approver
 * reads the month's spend but does not set the rules. A member or an outsider cannot change roles,
 * and an owner's role is not changed here.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { firmOnAccount, signedInPerson } from '#test/helpers/onAccount';
import type { FirmJson } from '#shared/firm';

let shop: TestShop;
shopForFile((s) => (shop = s));

const roleOf = async (userId: string) => (await shop.sql<{ role: string }[]>`select role from firm_members where user_id = ${userId}`)[0]?.role;

describe('approvers', () => {
  it('an owner gives and takes back the role; the approver reads the spend report, not the rules', async () => {
    const { firmId, owner, member } = await firmOnAccount(shop);
    const spend = `/api/firms/${firmId}/reports/spend?month=2026-10`;
    expect((await member.client.get(spend)).status).toBe(403);

    const made = await owner.client.patch(`/api/firms/${firmId}/members/${member.id}`, { role: 'approver' });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ userId: member.id, role: 'approver' });
    expect(await roleOf(member.id)).toBe('approver');
    const seen = (await member.client.get(`/api/firms/${firmId}`)).body as FirmJson;
    expect(seen.role).toBe('approver');
    // Owners first, then approvers.
    expect(seen.members.map((m) => m.role)).toEqual(['owner', 'approver']);
    // Inviting, certificates and rules stay the owners'.
    expect(seen.invites).toBeNull();
    expect((await member.client.get(spend)).status).toBe(200);
    expect((await member.client.patch(`/api/firms/${firmId}`, { rules: { requirePoNumber: true } })).status).toBe(403);
    expect((await member.client.patch(`/api/firms/${firmId}/members/${member.id}`, { role: 'member' })).status).toBe(403);

    const back = await owner.client.patch(`/api/firms/${firmId}/members/${member.id}`, { role: 'member' });
    expect(back.body).toMatchObject({ role: 'member' });
    expect((await member.client.get(spend)).status).toBe(403);
  });

  it('refuses a plain member (403), an outsider (404), a bad role (400) and an owner’s role (409), changing nothing', async () => {
    const { firmId, owner, member } = await firmOnAccount(shop);
    const url = (userId: string) => `/api/firms/${firmId}/members/${userId}`;
    const bySelf = await member.client.patch(url(member.id), { role: 'approver' });
    expect(bySelf.status).toBe(403);
    expect(bySelf.body.message).toBe('Only an owner of the firm can do that.');
    const outsider = await signedInPerson(shop);
    expect((await outsider.client.patch(url(member.id), { role: 'approver' })).status).toBe(404);
    for (const role of ['owner', 'boss', null]) {
      const res = await owner.client.patch(url(member.id), { role });
      expect(res.status, String(role)).toBe(400);
      expect(res.body.message).toBe('role must be approver or member');
    }
    const ownerRole = await owner.client.patch(url(owner.id), { role: 'member' });
    expect(ownerRole.status).toBe(409);
    expect(ownerRole.body.message).toBe('An owner’s role is not changed here: an owner is an approver already.');
    expect((await owner.client.patch(url(outsider.id), { role: 'approver' })).status).toBe(404);
    expect(await roleOf(member.id)).toBe('member');
    expect(await roleOf(owner.id)).toBe('owner');
  });
});
