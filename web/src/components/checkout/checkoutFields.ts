/**
 * The checkout's typed fields as one react-hook-form schema, built from the shared zod fields (the
 * server checks the same ones): contact always, the address only with shipping, by the fields of
 * the shared address schema (the routes' AddressSchema adds the ZIP-in-state check). Also which input
 * each field is, in the order a person fills them in, so Pay can name and focus the first problem.
 */
import { z } from 'zod';
import { AddressFieldsSchema } from '#shared/address';
import { emailField, firstNameField, lastNameField } from '#shared/fields';
import type { Address } from './types';

const contact = {
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  phone: z.string().trim().max(40, 'Phone must be at most 40 characters'),
};

export const CheckoutFieldsSchema = z.discriminatedUnion('shippingMethod', [
  z.object({ ...contact, shippingMethod: z.literal('pickup'), address: z.unknown() }),
  z.object({ ...contact, shippingMethod: z.literal('shipping'), address: AddressFieldsSchema }),
]);

/** What the inputs hold (before parsing). */
export type CheckoutFields = { firstName: string; lastName: string; email: string; phone: string; shippingMethod: 'pickup' | 'shipping'; address: Address };

/** Each validated field's path in the form and the id of its input, in page order. */
export const FIELD_INPUTS = [
  ['firstName', 'first-name'],
  ['lastName', 'last-name'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['address.street1', 'street1'],
  ['address.street2', 'street2'],
  ['address.city', 'city'],
  ['address.state', 'state'],
  ['address.zipCode', 'zip'],
] as const;

export type FieldPath = (typeof FIELD_INPUTS)[number][0];
