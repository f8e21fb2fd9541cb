/**
 * The account form (/register, POST /api/auth/register) as one zod object schema: the route checks
 * the body with it and the page checks the form with it, so both say the same words about the same
 * fields.
 */
import { z } from 'zod';
import { emailField, firstNameField, lastNameField, newPasswordField, phoneField } from './fields';

/** A new customer account. */
export const RegisterSchema = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: firstNameField,
  lastName: lastNameField,
  /** Optional: prefills the checkout. */
  phone: phoneField,
  /**
   * Set by the checkout's 'Create an account' box (which registers with a throwaway password): the
   * email then carries a "choose your password" link instead of a plain address confirmation.
   */
  setPasswordByEmail: z.boolean().optional(),
});
