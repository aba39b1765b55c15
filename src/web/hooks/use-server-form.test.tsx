// The one form path: the schema checks in the browser, the server's field messages land beside
// their fields with the first focused, and the checked (transformed) body is what gets sent.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api-client';
import { useServerForm } from './use-server-form';

const schema = z.strictObject({
  title: z.string().trim().min(1, 'Title is required.'),
  code: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase()),
});

function TestForm({ submit, onSuccess, onError }: { submit: (body: z.output<typeof schema>) => Promise<string>; onSuccess?: (data: string) => void; onError?: (error: unknown, shownAtFields: boolean) => void }) {
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({ schema, defaultValues: { title: '', code: '' }, fields: ['title', 'code'], submit, onSuccess, onError });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormField label="Title" error={errors.title?.message}>
        <Input {...register('title')} />
      </FormField>
      <FormField label="Code" error={errors.code?.message}>
        <Input {...register('code')} />
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

function expectMessageBeside(label: string, message: string) {
  const field = screen.getByLabelText(label);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(screen.getByText(message).id);
}

describe('useServerForm', () => {
  it('checks with the schema first and sends nothing while it refuses', async () => {
    const submit = vi.fn(async () => 'saved');
    render(<TestForm submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expectMessageBeside('Title', 'Title is required.');
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the checked body and reports the answer', async () => {
    const submit = vi.fn(async () => 'saved');
    const onSuccess = vi.fn();
    render(<TestForm submit={submit} onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText('Title'), ' Launch ');
    await userEvent.type(screen.getByLabelText('Code'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith('saved', expect.objectContaining({ body: { title: 'Launch', code: 'ABC' } })));
    expect(submit).toHaveBeenCalledWith({ title: 'Launch', code: 'ABC' });
  });

  it('shows every server message beside its field and focuses the first', async () => {
    const refusal = new ApiError(400, 'invalid_input', 'Check the fields.', { code: 'This code is taken.', 'title.text': 'Too long.' });
    const onError = vi.fn();
    render(<TestForm submit={() => Promise.reject(refusal)} onError={onError} />);
    await userEvent.type(screen.getByLabelText('Title'), 'Launch');
    await userEvent.type(screen.getByLabelText('Code'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This code is taken.')).toBeInTheDocument();
    expectMessageBeside('Code', 'This code is taken.');
    // A nested server path goes to the closest field the form has.
    expectMessageBeside('Title', 'Too long.');
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(onError).toHaveBeenCalledWith(refusal, true);
  });

  it('says when no message could be shown at a field', async () => {
    const refusal = new ApiError(409, 'conflict', 'The sale has ended.');
    const onError = vi.fn();
    render(<TestForm submit={() => Promise.reject(refusal)} onError={onError} />);
    await userEvent.type(screen.getByLabelText('Title'), 'Launch');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(refusal, false));
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
  });
});
