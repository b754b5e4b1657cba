import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * The store's dispatch as the activity feature uses it: RTK Query thunks (cache updates). A feature
 * cannot name the app's RootState, so the thunks' state is left open here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ActivityDispatch = ThunkDispatch<any, unknown, UnknownAction>;
export const useActivityDispatch = () => useDispatch<ActivityDispatch>();
