import 'server-only';
import { apiCall } from './client';

/** POST /api/v1/auth/login. A 401 here means wrong credentials, not an ended session. */
export function login(email: string, password: string) {
  return apiCall<{ jwtToken: string }>('api/v1/auth/login', {
    method: 'post',
    json: { email, password },
    token: 'NONE',
    onUnauthorized: 'throw',
  });
}

/** PUT /api/v1/auth/request_password/{email}: answers alike for known and unknown addresses. */
export function requestPassword(email: string) {
  return apiCall<{ ok: true }>(`api/v1/auth/request_password/${encodeURIComponent(email)}`, {
    method: 'put',
    token: 'NONE',
    onUnauthorized: 'throw',
  });
}

/** PUT /api/v1/auth/reset_password/{token} {email,password}. */
export function resetPassword(resetToken: string, email: string, password: string) {
  return apiCall<{ ok: true }>(`api/v1/auth/reset_password/${encodeURIComponent(resetToken)}`, {
    method: 'put',
    json: { email, password },
    token: 'NONE',
    onUnauthorized: 'throw',
  });
}

/** PUT /api/v1/auth/update_password {oldPassword,newPassword}: the user's other sessions end, this one goes on. */
export function updatePassword(oldPassword: string, newPassword: string) {
  return apiCall<{ ok: true }>('api/v1/auth/update_password', {
    method: 'put',
    json: { oldPassword, newPassword },
  });
}

/** POST /api/v1/auth/logout: the API ends this session, so the token is worthless even if copied. */
export function logout() {
  return apiCall<{ ok: true }>('api/v1/auth/logout', { method: 'post', onUnauthorized: 'throw' });
}

/** POST /api/v1/auth/logout_everywhere: every session of the signed-in user ends, this one too. */
export function logoutEverywhere() {
  return apiCall<{ ok: true }>('api/v1/auth/logout_everywhere', { method: 'post', onUnauthorized: 'throw' });
}
