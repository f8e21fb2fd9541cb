/**
 * The sign-in forms, one zod object schema each: the route checks the body with it and the page
 * checks the form with it, so both say the same words about the same fields.
 */
import { z } from 'zod';
import { adminPasswordField, adminUsernameField, emailField, passwordField } from './fields';

/** A customer's sign-in (/login, POST /api/auth/login). */
export const SignInSchema = z.object({ email: emailField, password: passwordField });

/** The print counter's sign-in (/admin, POST /api/admin/login). */
export const AdminSignInSchema = z.object({ username: adminUsernameField, password: adminPasswordField });
