import { isApiError, serverMessage } from '@noek/ui';
import { authApi } from './auth-api';
import { authText } from './auth-messages';

/** 'Forgot password?' (spec §4, §8): the typed email gets a reset link; every outcome is an alert. */
export async function forgotPassword(typedEmail: string): Promise<void> {
  const email = typedEmail.trim();
  if (!email) {
    window.alert(authText.enterEmailFirst);
    return;
  }
  try {
    await authApi.forgotPassword(email);
    window.alert(authText.forgotSent);
  } catch (err) {
    window.alert(isApiError(err) ? serverMessage(err, authText.forgotFailed) : authText.forgotNetwork);
  }
}
