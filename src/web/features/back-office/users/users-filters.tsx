import { Search } from 'lucide-react';
import { useState } from 'react';
import { USERS_PER_PAGE_MESSAGE } from '@/contracts/users';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';

/** 1–100 whole users per page, else the message the server gives. */
function pageSizeProblem(text: string): string | null {
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 100 ? null : USERS_PER_PAGE_MESSAGE;
}

/** The user list's search and page size; a page size is taken only once it is valid. */
export function UsersFilters({ onSearch, onPageSize }: { onSearch: (search: string) => void; onPageSize: (pageSize: number) => void }) {
  const [typed, setTyped] = useState('');
  const [pageSizeText, setPageSizeText] = useState('20');
  const sizeProblem = pageSizeProblem(pageSizeText);
  return (
    <div className="flex flex-wrap items-start gap-4">
      <form
        role="search"
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(typed.trim());
        }}
      >
        <FormField label="Search by name or e-mail">
          <Input type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} className="w-64" />
        </FormField>
        <Button type="submit" variant="outline" aria-label="Search">
          <Search aria-hidden />
        </Button>
      </form>
      <FormField label="Users per page" error={sizeProblem ?? undefined}>
        <Input
          inputMode="numeric"
          className="w-24"
          value={pageSizeText}
          onChange={(e) => {
            setPageSizeText(e.target.value);
            if (!pageSizeProblem(e.target.value)) onPageSize(Number(e.target.value));
          }}
        />
      </FormField>
    </div>
  );
}
