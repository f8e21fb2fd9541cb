/** An account as the `users` table holds it (the presenter leaves out the password hash). */
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
