// The declared country of residence (issue 34): every country by its English name, none chosen
// until the buyer chooses (registration, and Buy Token for accounts made before it was asked).
import type { ComponentProps } from 'react';
import { countriesByName } from '@/domain/countries';
import { NativeSelect } from '@/web/components/ui/native-select';

let sorted: ReturnType<typeof countriesByName> | undefined;

export function CountrySelect(props: ComponentProps<'select'>) {
  // Sorted on first use, not when the module loads (its chunk may load before the list's).
  const COUNTRIES = (sorted ??= countriesByName());
  return (
    <NativeSelect autoComplete="country" {...props}>
      <option value="">Choose your country</option>
      {COUNTRIES.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </NativeSelect>
  );
}
