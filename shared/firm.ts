/**
 * Firm accounts as the API takes and sends them: the request schemas (with the shop's field rules
 * from fields.ts) and the JSON of a firm. One home for the server's routes and the firm page.
 */
import { z } from 'zod';
import { emailField, plainTextField } from './fields';

export const MAX_FIRM_NAME = 100;
export const MAX_PROJECT_NAME = 100;
export const MAX_PROJECT_CODE = 30;

export const firmNameField = plainTextField('Firm name', MAX_FIRM_NAME);
export const projectNameField = plainTextField('Project name', MAX_PROJECT_NAME);
export const projectCodeField = plainTextField('Project code', MAX_PROJECT_CODE);

/** POST /api/firms and PATCH /api/firms/{firmId}. */
export const FirmSchema = z.object({ name: firmNameField });
/** POST /api/firms/{firmId}/invites. */
export const FirmInviteSchema = z.object({ email: emailField });
/** POST /api/firm-invites/accept. */
export const AcceptInviteSchema = z.object({ token: z.string({ error: 'The invite link is missing its token' }).trim().min(1).max(200) });
/** POST /api/firms/{firmId}/projects. */
export const ProjectSchema = z.object({ name: projectNameField, code: projectCodeField });

export const FIRM_ROLES = ['owner', 'member'] as const;
export type FirmRole = (typeof FIRM_ROLES)[number];

export type FirmMemberJson = { userId: string; email: string; firstName: string | null; lastName: string | null; role: FirmRole; joinedAt: string };
export type FirmInviteJson = { id: string; email: string; invitedAt: string; expiresAt: string | null };
export type FirmProjectJson = { id: string; name: string; code: string; createdAt: string };

/** GET /api/firms/{firmId}. */
export type FirmJson = {
  id: string;
  name: string;
  /** The role of the person asking. */
  role: FirmRole;
  members: FirmMemberJson[];
  /** Open invites; null for a member (inviting is an owner's part). */
  invites: FirmInviteJson[] | null;
  projects: FirmProjectJson[];
  createdAt: string;
};
