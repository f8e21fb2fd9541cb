/** The current-user JSON: never the password hash or provider ids. */
export type UserRow = {
  id: string;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  /** For a prefilled checkout; set at registration or by the first signed-in checkout. */
  phone: string | null;
  profile_image_url: string | null;
  email_verified_at: Date | null;
  /** The latest sign-in, and the one before it (null until the account has signed in twice). */
  last_sign_in_at: Date | null;
  previous_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

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
