import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * The store's dispatch as the chat uses it: actions and RTK Query thunks (cache updates, refetches).
 * A feature cannot name the app's RootState, so the thunks' state is left open here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ChatDispatch = ThunkDispatch<any, unknown, UnknownAction>;
export const useChatDispatch = () => useDispatch<ChatDispatch>();
