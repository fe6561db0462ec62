import 'server-only';
import { apiCall, pathParam } from './client';

/** POST /api/v1/auth/login. A 401 here means wrong credentials, not an ended session. */
export function login(email: string, password: string) {
  return apiCall((api) => api.api.v1.auth.login.$post({ json: { email, password } }), { token: 'NONE', onUnauthorized: 'throw' });
}

/** PUT /api/v1/auth/request_password/{email}: answers alike for known and unknown addresses. */
export function requestPassword(email: string) {
  return apiCall((api) => api.api.v1.auth.request_password[':email'].$put({ param: { email: pathParam(email) } }), {
    token: 'NONE',
    onUnauthorized: 'throw',
  });
}

/** PUT /api/v1/auth/reset_password/{token} {email,password}. */
export function resetPassword(resetToken: string, email: string, password: string) {
  return apiCall(
    (api) => api.api.v1.auth.reset_password[':token'].$put({ param: { token: pathParam(resetToken) }, json: { email, password } }),
    {
      token: 'NONE',
      onUnauthorized: 'throw',
    },
  );
}

/** PUT /api/v1/auth/update_password {oldPassword,newPassword}: the user's other sessions end, this one goes on. */
export function updatePassword(oldPassword: string, newPassword: string) {
  return apiCall((api) => api.api.v1.auth.update_password.$put({ json: { oldPassword, newPassword } }));
}

/** POST /api/v1/auth/logout: the API ends this session, so the token is worthless even if copied. */
export function logout() {
  return apiCall((api) => api.api.v1.auth.logout.$post(), { onUnauthorized: 'throw' });
}

/** POST /api/v1/auth/logout_everywhere: every session of the signed-in user ends, this one too. */
export function logoutEverywhere() {
  return apiCall((api) => api.api.v1.auth.logout_everywhere.$post(), { onUnauthorized: 'throw' });
}
