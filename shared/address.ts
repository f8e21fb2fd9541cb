/** A US shipping address as the shop takes it (rates, checkout, labels): one schema for server and client. */
import { z } from 'zod';
import { cityField, stateField, street1Field, street2Field, zipField } from './fields';
import { US_STATES } from './pricing';

export const AddressSchema = z.object({
  street1: street1Field,
  street2: street2Field,
  city: cityField,
  state: stateField.refine((s) => US_STATES.includes(s), 'Please enter a valid US state'),
  zipCode: zipField,
});

/** An address that passed AddressSchema. */
export type Address = z.infer<typeof AddressSchema>;
