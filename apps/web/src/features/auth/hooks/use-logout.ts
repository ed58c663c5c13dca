import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { getRefreshToken } from '@/lib/storage';
import { logout } from '../api/logout';
import { useAuth } from './use-auth';

export const LOGOUT_SUCCESS_MESSAGE = 'Logged out successfully';

/** Ends the session on the server (a failure is only logged), clears it locally and returns to '/'. */
export function useLogout(): () => Promise<void> {
  const { endSession } = useAuth();
  const navigate = useNavigate();

  return useCallback(async () => {
    try {
      await logout(getRefreshToken());
    } catch (error) {
      console.error('Logout failed', error);
    }
    endSession();
    toast.success(LOGOUT_SUCCESS_MESSAGE);
    navigate('/');
  }, [endSession, navigate]);
}
