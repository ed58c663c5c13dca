import type { AddFormUserBody, FormUser } from '@sheetforms/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { UsersIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';
import { labelClasses } from '@/components/ui/label';
import { addFormUser, deleteFormUser, resetFormUserPassword } from '../api/form-editor-api';
import { type AddUserErrors, validateAddUser } from '../logic/add-user';
import { serverMessageOr } from '../logic/error-text';
import { EDITOR_TEXT } from '../logic/messages';
import { PasswordCallout } from './password-callout';

export const AUTHORIZED_USERS_TITLE = 'Authorized Users';
/**
 * The table's scrolling region. Not 'Authorized Users': the section is already the region of that name,
 * and a second one holding it would make the name ambiguous.
 */
const USERS_TABLE_LABEL = 'User list';

export interface AuthorizedUsersProps {
  formId: string;
  users: readonly FormUser[];
  onUsersChange: (users: FormUser[]) => void;
}

interface ShownPassword {
  userId: string;
  name: string;
  email: string;
  password: string;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatAdded(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

/**
 * The people who may open a login-protected form. Adding and removing happen at once (not on Update Form).
 * The server generates each password and returns it once; it is shown here until dismissed, never again.
 */
export function AuthorizedUsers({ formId, users, onUsersChange }: AuthorizedUsersProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<AddUserErrors>({});
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const add = useMutation({
    mutationFn: (body: AddFormUserBody) => addFormUser(body),
    onSuccess: ({ data, message }) => {
      onUsersChange([...users, data.formUser]);
      setShown({
        userId: data.formUser.id,
        name: data.formUser.name,
        email: data.formUser.email,
        password: data.password,
      });
      setName('');
      setEmail('');
      setErrors({});
      toast.success(message ?? EDITOR_TEXT.userAdded);
    },
    onError: (error) => {
      toast.error(serverMessageOr(error, EDITOR_TEXT.userAddFailed));
    },
  });

  const remove = useMutation({
    mutationFn: (user: FormUser) => deleteFormUser({ formId, id: user.id }),
    onMutate: (user) => setBusyUserId(user.id),
    onSuccess: ({ message }, user) => {
      onUsersChange(users.filter((item) => item.id !== user.id));
      if (shown?.userId === user.id) setShown(null);
      toast.success(message ?? EDITOR_TEXT.userRemoved);
    },
    onError: (error) => {
      toast.error(serverMessageOr(error, EDITOR_TEXT.userRemoveFailed));
    },
    onSettled: () => setBusyUserId(null),
  });

  const reset = useMutation({
    mutationFn: (user: FormUser) => resetFormUserPassword({ formId, id: user.id }),
    onMutate: (user) => setBusyUserId(user.id),
    onSuccess: ({ data, message }) => {
      setShown({
        userId: data.formUser.id,
        name: data.formUser.name,
        email: data.formUser.email,
        password: data.password,
      });
      toast.success(message ?? EDITOR_TEXT.passwordReset);
    },
    onError: (error) => {
      toast.error(serverMessageOr(error, EDITOR_TEXT.passwordResetFailed));
    },
    onSettled: () => setBusyUserId(null),
  });

  const rowNameId = (user: FormUser) => `${id}-user-${user.id}`;
  const columns: DataTableColumn<FormUser>[] = [
    {
      id: 'name',
      header: 'Name',
      isRowHeader: true,
      className: 'whitespace-nowrap font-medium text-slate-900',
      cell: (user) => <span id={rowNameId(user)}>{user.name}</span>,
    },
    {
      id: 'email',
      header: 'Email',
      className: 'whitespace-nowrap text-slate-600',
      cell: (user) => user.email,
    },
    {
      id: 'added',
      header: 'Added',
      className: 'whitespace-nowrap text-slate-600',
      cell: (user) => <time dateTime={user.createdAt}>{formatAdded(user.createdAt)}</time>,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'w-px whitespace-nowrap',
      cell: (user) => {
        const busy = busyUserId === user.id;
        return (
          <div className="flex justify-end gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-describedby={rowNameId(user)}
              disabled={busy}
              onClick={() => reset.mutate(user)}
            >
              Reset password
            </Button>
            <button
              type="button"
              aria-describedby={rowNameId(user)}
              disabled={busy}
              onClick={() => remove.mutate(user)}
              className="inline-flex items-center rounded-lg px-3 py-1.5 font-semibold text-red-600 text-sm transition-colors hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
            >
              Remove
            </button>
          </div>
        );
      },
    },
  ];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateAddUser({ name, email });
    setErrors(found);
    if (found.name) {
      nameRef.current?.focus();
      return;
    }
    if (found.email) {
      emailRef.current?.focus();
      return;
    }
    add.mutate({ formId, name: name.trim(), email: email.trim() });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3 border-slate-200 border-b px-5 py-4 sm:px-6">
        <div>
          <h2 id={headingId} className="font-semibold text-base text-slate-900">
            {AUTHORIZED_USERS_TITLE}
          </h2>
          <p className="mt-0.5 text-slate-500 text-sm">
            Only these people can sign in to this form. Each gets a generated password.
          </p>
        </div>
        <span className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700 text-xs">
          {users.length} {users.length === 1 ? 'user' : 'users'}
        </span>
      </div>

      <div className="space-y-5 px-5 py-5 sm:px-6">
        <form
          noValidate
          onSubmit={submit}
          aria-label="Add authorized user"
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <div>
            <label htmlFor={`${id}-name`} className={labelClasses}>
              Name
            </label>
            <input
              ref={nameRef}
              id={`${id}-name`}
              type="text"
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Jane Doe"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
              className={inputClasses}
            />
            {errors.name ? (
              <p id={`${id}-name-error`} className="mt-1.5 text-red-600 text-sm">
                {errors.name}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={`${id}-email`} className={labelClasses}>
              Email
            </label>
            <input
              ref={emailRef}
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="jane@example.com"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${id}-email-error` : undefined}
              className={inputClasses}
            />
            {errors.email ? (
              <p id={`${id}-email-error`} className="mt-1.5 text-red-600 text-sm">
                {errors.email}
              </p>
            ) : null}
          </div>
          <Button type="submit" isLoading={add.isPending} className="sm:mt-7">
            Add User
          </Button>
        </form>

        {shown ? (
          <PasswordCallout
            key={`${shown.userId}-${shown.password}`}
            name={shown.name}
            email={shown.email}
            password={shown.password}
            onDismiss={() => setShown(null)}
          />
        ) : null}

        {users.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-slate-300 border-dashed px-4 py-8 text-center">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-emerald-50 text-emerald-600"
            >
              <UsersIcon className="size-5" />
            </span>
            <p className="mt-3 font-medium text-slate-900 text-sm">No authorized users yet</p>
            <p className="mt-1 text-slate-500 text-sm">
              Nobody can open this form while login is required until you add someone.
            </p>
          </div>
        ) : (
          <DataTable
            label={USERS_TABLE_LABEL}
            caption={AUTHORIZED_USERS_TITLE}
            columns={columns}
            rows={users}
            getRowId={(user) => user.id}
            isRowBusy={(user) => busyUserId === user.id}
          />
        )}
      </div>
    </section>
  );
}
