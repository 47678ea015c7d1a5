import { profileResponseSchema, type UpdateProfileRequest, type User } from '@studio/contracts/auth';
import { apiPaths } from '@studio/contracts/routes';
import { apiRequest } from '../../../lib/api-client';

export function updateProfile(input: UpdateProfileRequest): Promise<User> {
  return apiRequest(apiPaths.updateProfile, { method: 'PUT', body: input, auth: true, schema: profileResponseSchema }).then((data) => data.user);
}

export function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest(apiPaths.avatar, { method: 'POST', form, auth: true, schema: profileResponseSchema }).then((data) => data.user);
}
