import { PROFILE_MESSAGES, type User } from '@sheetforms/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ExternalLinkIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { getErrorMessage } from '@/lib/api-client';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { formatMemberSince, nameError, PROFILE_TEXTS } from '../logic/profile';

/**
 * /dashboard/profile: name (editable), email, role and member since. Accounts sign in with Google only,
 * so instead of a password form the page says where the password is changed.
 */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <>
      <PageHeader title={PROFILE_TEXTS.title} description={PROFILE_TEXTS.description} />
      {profile.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label={PROFILE_TEXTS.loading} />
        </div>
      ) : profile.isError ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-800 text-sm">
          <p>{getErrorMessage(profile.error, PROFILE_TEXTS.loadFailed)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void profile.refetch()}>
            {PROFILE_TEXTS.retry}
          </Button>
        </div>
      ) : (
        <div className="grid max-w-2xl gap-6">
          <AccountCard user={profile.data} />
          <PasswordCard />
        </div>
      )}
    </>
  );
}

function AccountCard({ user }: { user: User }) {
  const auth = useAuth();
  const update = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const [touched, setTouched] = useState(false);
  const nameId = useId();
  const errorId = useId();
  useEffect(() => setName(user.name), [user.name]);

  const error = touched ? nameError(name) : undefined;
  const unchanged = name.trim() === user.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError(name)) return;
    update.mutate(name.trim(), {
      onSuccess: ({ data, message }) => {
        auth.updateUser?.(data);
        setTouched(false);
        toast.success(message ?? PROFILE_MESSAGES.updated);
      },
      onError: (failure) => toast.error(getErrorMessage(failure, PROFILE_MESSAGES.updateFailed)),
    });
  };

  return (
    <Card as="section" aria-labelledby="account-heading">
      <CardHeader title={PROFILE_TEXTS.account} titleId="account-heading" />
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <Label htmlFor={nameId}>{PROFILE_TEXTS.name}</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={200}
              autoComplete="name"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setName(event.target.value)}
              onBlur={() => setTouched(true)}
            />
            {error ? (
              <p id={errorId} className="mt-1 text-red-700 text-sm">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" className="sm:mt-7" isLoading={update.isPending} disabled={unchanged}>
            {PROFILE_TEXTS.save}
          </Button>
        </form>
        <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-slate-500">{PROFILE_TEXTS.email}</dt>
            <dd className="mt-1 break-all font-medium text-slate-900">{user.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{PROFILE_TEXTS.role}</dt>
            <dd className="mt-1">
              <Badge variant={user.role === 'Admin' ? 'info' : 'neutral'}>{user.role}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{PROFILE_TEXTS.memberSince}</dt>
            <dd className="mt-1 font-medium text-slate-900">
              {user.createdAt ? (
                <time dateTime={user.createdAt}>{formatMemberSince(user.createdAt)}</time>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function PasswordCard() {
  return (
    <Card as="section" aria-labelledby="password-heading">
      <CardHeader title={PROFILE_TEXTS.password} titleId="password-heading" />
      <CardContent>
        <p className="text-slate-700 text-sm">{PROFILE_MESSAGES.googlePassword}</p>
        <a
          href={PROFILE_MESSAGES.googleAccountUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex items-center gap-1.5 rounded font-semibold text-emerald-700 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
        >
          {PROFILE_TEXTS.googleAccountLink}
          <ExternalLinkIcon className="size-4" />
        </a>
      </CardContent>
    </Card>
  );
}
