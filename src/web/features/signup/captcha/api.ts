/**
 * Where the captcha widget fetches its challenge: the altcha widget calls the API itself, so it
 * gets a full URL rather than going through the HTTP client.
 */
import { API_BASE_PATH } from '#shared/constants';
import { CAPTCHA_CHALLENGE_PATH } from '#shared/signup/captcha';

export const CAPTCHA_CHALLENGE_URL = `${API_BASE_PATH}${CAPTCHA_CHALLENGE_PATH}`;
