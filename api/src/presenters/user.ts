import type { UserRow } from '#core/accounts/userRow';

/** The current-user JSON: never the password hash or provider ids. */
export function presentUser(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    profileImageUrl: row.profile_image_url,
    emailVerified: row.email_verified_at !== null,
    /** The sign-in before the current one; null on the first (the dashboard says "Welcome", not "Welcome back"). */
    previousSignInAt: row.previous_sign_in_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export type UserJson = ReturnType<typeof presentUser>;
