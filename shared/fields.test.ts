/** The one-line fields drop invisible formatting characters before anything stores or prints them. */
import { describe, expect, it } from 'vitest';
import {
  adminPasswordField,
  adminUsernameField,
  cityField,
  firstNameField,
  jobNameField,
  lastNameField,
  optionalPlainTextField,
  orderNotesField,
  orderNumberField,
  phoneField,
  plainTextField,
  poNumberField,
  street1Field,
  street2Field,
  holdsWebAddress,
  withoutInvisibleControls,
  withoutUrlSchemes,
} from './fields';

// Every character the shop strips, each named by its code point.
const INVISIBLE = [
  '\u200b', // zero-width space
  '\u200c', // zero-width non-joiner
  '\u200d', // zero-width joiner
  '\u200e', // left-to-right mark
  '\u200f', // right-to-left mark
  '\u202a', // left-to-right embedding
  '\u202b', // right-to-left embedding
  '\u202c', // pop directional formatting
  '\u202d', // left-to-right override
  '\u202e', // right-to-left override
  '\u2066', // left-to-right isolate
  '\u2067', // right-to-left isolate
  '\u2068', // first strong isolate
  '\u2069', // pop directional isolate
  '\ufeff', // byte-order mark
  '\u061c', // Arabic letter mark
];

describe('withoutInvisibleControls', () => {
  it.each(INVISIBLE.map((c) => [`U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`, c]))('removes %s', (_name, char) => {
    expect(withoutInvisibleControls(`Smith${char}Residence${char}`)).toBe('SmithResidence');
  });

  it.each([
    ['王 Smith Résidence 図面 планы №7', '王 Smith Résidence 図面 планы №7'],
    ['Smith\u202Efdp.exe', 'Smithfdp.exe'],
    ['\u2066Smith\u2069 \u2067Residence\u2069', 'Smith Residence'],
    ['שלום עולם', 'שלום עולם'],
    ['\u200b\u200b', ''],
  ])('%j → %j', (input, output) => {
    expect(withoutInvisibleControls(input)).toBe(output);
  });
});

describe('one-line fields', () => {
  const fields = {
    'first name': firstNameField,
    'last name': lastNameField,
    'street address': street1Field,
    city: cityField,
    'plain text': plainTextField('Company', 100),
  };
  it.each(Object.entries(fields))('%s: stripped, then trimmed', (_name, field) => {
    expect(field.parse('\u202EGrace\u2066 ')).toBe('Grace');
    expect(field.parse(' \u200bO\u2019Brien\ufeff')).toBe('O’Brien');
  });

  it.each(Object.entries(fields))('%s: nothing but invisible characters is blank, so refused', (_name, field) => {
    const result = field.safeParse('\u202e\u200b ');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/is required$/);
  });

  it.each([
    ['street address line 2', street2Field],
    ['phone', phoneField],
    ['optional text', optionalPlainTextField('Suite', 50)],
  ] as const)('%s: stripped, and blank becomes null', (_name, field) => {
    expect(field.parse('\u2067Apt 7\u2069')).toBe('Apt 7');
    expect(field.parse('\u202e')).toBeNull();
    expect(field.parse(undefined)).toBeNull();
  });

  it('still refuses control characters', () => {
    expect(firstNameField.safeParse('Gr\u0000ace').success).toBe(false);
    expect(phoneField.safeParse('201\n555').error?.issues[0].message).toBe('Phone must not contain control characters');
  });

  it('counts the length after stripping', () => {
    expect(firstNameField.parse(`${'a'.repeat(100)}${'\u200b'.repeat(50)}`)).toBe('a'.repeat(100));
  });
});

describe('order text fields', () => {
  it.each([
    ['job name', jobNameField, '\u202eSmith Residence\u202c', 'Smith Residence'],
    ['PO', poNumberField, '\u2066PO-4471\u2069', 'PO-4471'],
    ['notes', orderNotesField, 'Roll\u200b each set.\r\nNo\u202e folds.', 'Roll each set.\nNo folds.'],
  ] as const)('%s: stripped', (_name, field, input, output) => {
    expect(field.parse(input)).toBe(output);
  });

  it('turns a job name of invisible characters into no job name', () => {
    expect(jobNameField.parse('\u202e\u200b')).toBeNull();
  });

  it('keeps a 100-character job name whole', () => {
    const name = `王 Smith Résidence 図面 планы №7 ${'x'.repeat(70)}`;
    expect(Array.from(name)).toHaveLength(100);
    expect(jobNameField.parse(name)).toBe(name);
  });
});

describe('orderNumberField', () => {
  it('takes the number as customers type it: any case, a leading #, spaces around', () => {
    for (const typed of ['4f2a9c01', '#4F2A9C01', '  4F2a9C01 ']) expect(orderNumberField.parse(typed)).toBe('4F2A9C01');
  });

  it('refuses anything but 8 hex characters with one message', () => {
    for (const typed of ['', '4F2A9C0', '4F2A9C012', '4F2A9C0G', '##4F2A9C01']) {
      const result = orderNumberField.safeParse(typed);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please enter the 8-character order number (digits 0-9 and letters A-F).');
    }
  });
});

describe('the admin sign-in fields', () => {
  it("say the spec's one message for a missing or blank field", () => {
    for (const result of [adminUsernameField.safeParse('   '), adminUsernameField.safeParse(undefined), adminPasswordField.safeParse('')]) {
      expect(result.error?.issues[0]?.message).toBe('Please enter both username and password');
    }
    expect(adminUsernameField.parse(' admin ')).toBe('admin');
    // A password is taken as typed, spaces included.
    expect(adminPasswordField.parse(' secret ')).toBe(' secret ');
  });
});

describe('names and web addresses', () => {
  it.each(['Sam Lee', "O'Brien", 'Smith & Co. Architects', 'J.R. Smith', 'Ph.D. Jones', 'Acme, Inc.', 'St. Louis Design', '王 建築', 'Jones.Partners'])(
    '%j is a name',
    (name) => {
      expect(holdsWebAddress(name)).toBe(false);
      expect(firstNameField.safeParse(name).success).toBe(true);
    },
  );

  it.each(['sign in at https://x.example/a', 'HTTP://X', 'www.pay-now', 'pay-now.com', 'sam@evil.com', 'evil.example/login', 'mailto:sam', 'ftp://files'])(
    '%j holds a web address and is refused as a name, with a sentence',
    (name) => {
      expect(holdsWebAddress(name)).toBe(true);
      const parsed = lastNameField.safeParse(name);
      expect(parsed.error?.issues[0].message).toBe('Last name cannot contain a web address or link. Please enter the name only.');
    },
  );

  it('removes every URL scheme, even one that a removal would join back together', () => {
    expect(withoutUrlSchemes('pay at https://pay.example/x or HTTP://b.example, mailto:me')).toBe('pay at pay.example/x or b.example, me');
    expect(withoutUrlSchemes('hthttps://tps://evil.example')).toBe('evil.example');
  });
});
