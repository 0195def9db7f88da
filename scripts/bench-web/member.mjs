/**
 * Makes a signed-in, verified member through the API as the app would (sign-up, the PIN from the
 * development outbox, the sandbox identity check), like `memberViaApi` of `apps/web/e2e/support.ts`.
 * `member`: `{ idNumber, phone, email }` of a demo person. Returns the API token for `localStorage.apiToken`.
 * Throws when a step does not answer as expected.
 */
export async function signedInMember(baseUrl, member, password) {
  const page = await fetch(`${baseUrl}/auth/search`);
  const xsrf = page.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .find((pair) => pair.startsWith('XSRF-TOKEN='));
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie on the page');
  const headers = {
    'content-type': 'application/json',
    cookie: xsrf,
    'x-xsrf-token': xsrf.slice('XSRF-TOKEN='.length),
  };
  const signUp = await fetch(`${baseUrl}/api/app/person-users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      idNumber: member.idNumber,
      phoneNumber: member.phone,
      email: member.email,
      password,
      passwordConfirmation: password,
      twoFactorMethod: 'SMS',
      acceptTerms: true,
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const { apiToken } = await signUp.json();
  const auth = { ...headers, authorization: `Bearer ${apiToken}` };
  const outbox = await fetch(`${baseUrl}/api/dev/otp?destination=${encodeURIComponent(member.phone)}`);
  const { otp } = await outbox.json();
  const verify = await fetch(`${baseUrl}/api/app/beneficiary-sessions/verifyOtp`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ otp }),
  });
  if (!verify.ok) throw new Error(`the PIN check answered ${verify.status}`);
  const identity = await fetch(`${baseUrl}/api/app/beneficiary-sessions/iidentifii`, { headers: auth });
  const { url } = await identity.json();
  await fetch(url, { method: 'POST', body: new URLSearchParams({ outcome: 'pass' }), redirect: 'manual' });
  return apiToken;
}
