import { startTransition, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { Limits, type CandidateView } from '@aero/contracts/shared';
import { toast } from '../../../components';
import { useErrorText, useT } from '../../../i18n';
import type { ApiError } from '../../../lib/http';
import { useBoostMutation, useLazyBoostStateQuery, useLazyGetDeckQuery, useLikeMutation, useLoadFilterPreferencesQuery, usePassMutation, useSaveFilterPreferencesMutation, useSuperLikeMutation, useUndoSwipeMutation } from '../api/discovery-api';
import { canUndo, deckReducer, initialDeck, shouldRefill, type SwipeAction } from '../lib/deck';
import { NO_FILTERS, type DeckFilters } from '../lib/filters';
import { arrivedFirstDeck, FIRST_DECK_FRESH_SECONDS, takeFirstDeck } from '../lib/first-deck';
import { preloadPhotos } from '../../../lib/preload-photos';
import { watchLike } from '../../../lib/matches-made-here';
import { photosToPreload } from '../lib/photos-ahead';
import { nameOf } from '../lib/candidate';
import { boostRemainingMs, boostStarted, selectMemberDiscovery, superLikeReturned, superLikesExhausted, superLikesRemaining, superLikeUsed, type DiscoveryState } from '../slices/discovery-slice';
import type { CardPose, LeavingCard } from '../lib/card-pose';
import type { MatchScreenState } from '../components/match-screen';

// The hooks' results this screen reads, and nothing else: each change of anything else (a call's
// pending, fulfilled, its timestamps) would re-render the whole screen.
const NOTHING = {};
const only = { selectFromResult: () => NOTHING };
const loading = { selectFromResult: ({ isLoading }: { isLoading: boolean }) => ({ isLoading }) };

const isNoSuperLikes = (error: unknown) => (error as ApiError | undefined)?.code === 'no_super_likes';
const isBoostActive = (error: unknown) => (error as ApiError | undefined)?.code === 'boost_active';

/**
 * The swipe screen's behaviour (spec §4 Swipe): the deck and its refills, like, super like, pass,
 * undo and boost with their toasts (spec §8), the saved filters, and the match screen on a match.
 * Calls run one after another, so an undo always takes back the swipe before it.
 */
export function useSwipeDeck(userId: string) {
  const t = useT();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const member = useSelector((s: { discovery: DiscoveryState }) => selectMemberDiscovery(userId)(s));
  // the first deck, when it arrived before the screen mounted (asked for at start-up): the first
  // render shows its cards, with no restart, no second call and no render in between
  const [arrived] = useState(arrivedFirstDeck);
  useEffect(() => {
    if (arrived) takeFirstDeck(arrived.filters); // on screen: taken (a later visit asks again)
  }, [arrived]);
  const [deck, send] = useReducer(deckReducer, arrived, (first) => (first ? deckReducer(initialDeck, { type: 'loaded', cards: first.cards, reset: true }) : initialDeck));
  // queued calls run after later renders: they read the deck as it is then
  const deckNow = useRef(deck);
  useEffect(() => {
    deckNow.current = deck;
  }, [deck]);
  const [leaving, setLeaving] = useState<LeavingCard[]>([]);
  const [returning, setReturning] = useState<{ id: string; action: SwipeAction } | null>(null);
  const [now, setNow] = useState(() => new Date());

  // (those fetched at start-up, when the app opened on this screen, are fresh enough)
  const savedFilters = useLoadFilterPreferencesQuery(undefined, { refetchOnMountOrArgChange: FIRST_DECK_FRESH_SECONDS, selectFromResult: ({ data, isError }) => ({ data, isError }) });
  const [filters, setFilters] = useState<DeckFilters | null>(arrived?.filters ?? null);
  const [fetchDeck] = useLazyGetDeckQuery(only);
  const [like] = useLikeMutation(only);
  const [superLike] = useSuperLikeMutation(only);
  const [pass] = usePassMutation(only);
  const [undoSwipe] = useUndoSwipeMutation(only);
  const [boost] = useBoostMutation(only);
  const [readBoostState] = useLazyBoostStateQuery(only);
  // (a tap while a boost is being asked for, or its state read, asks nothing more)
  const boostInFlight = useRef(false);
  const [saveFilters, { isLoading: savingFilters }] = useSaveFilterPreferencesMutation(loading);

  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const enqueue = useCallback(<T,>(task: () => Promise<T>) => {
    const run = queue.current.then(task, task);
    queue.current = run.catch(() => undefined);
    return run;
  }, []);
  const leavingKey = useRef(0);

  // the saved filters decide the first deck (none saved, or a failure to load them: everyone)
  useEffect(() => {
    if (filters) return;
    if (savedFilters.data) setFilters(savedFilters.data);
    else if (savedFilters.isError) setFilters(NO_FILTERS);
  }, [filters, savedFilters.data, savedFilters.isError]);

  const load = useCallback(
    async (reset: boolean, using: DeckFilters) => {
      send(reset ? { type: 'restart' } : { type: 'fetchStarted' });
      try {
        const cards = await ((reset && takeFirstDeck(using)) || fetchDeck(using, false).unwrap());
        // the cards render as a transition: in slices, so a tap meanwhile is answered at once
        startTransition(() => send({ type: 'loaded', cards, reset }));
      } catch {
        send({ type: 'fetchFailed' });
      }
    },
    [fetchDeck],
  );

  // a (re)start whenever the filters change (not for those the arrived first deck was asked with)
  useEffect(() => {
    if (filters && filters !== arrived?.filters) void load(true, filters);
  }, [filters, arrived, load]);

  // more cards before the stack runs out; a refill queued behind slow swipes asks only if the deck
  // still needs it when its turn comes (each swipe meanwhile queued one, and the first filled it)
  useEffect(() => {
    if (filters && shouldRefill(deck)) void enqueue(async () => shouldRefill(deckNow.current) && load(false, filters));
  }, [deck, filters, load, enqueue]);

  useEffect(() => preloadPhotos(photosToPreload(deck.cards)), [deck]);

  const boostMs = boostRemainingMs(member, now);
  useEffect(() => {
    if (boostMs <= 0) return;
    const timer = window.setInterval(() => setNow(new Date()), 15_000);
    return () => window.clearInterval(timer);
  }, [boostMs]);

  const fly = (card: CandidateView, action: SwipeAction, from: CardPose) => {
    leavingKey.current += 1;
    setLeaving((list) => [...list, { key: leavingKey.current, card, action, from }]);
    setReturning(null);
    send({ type: 'swiped', id: card.id, action });
  };

  const swipe = (card: CandidateView, action: SwipeAction, from: CardPose = { x: 0, y: 0, rot: 0 }) => {
    if (action === 'super_like' && superLikesRemaining(member, new Date()) <= 0) {
      toast({ variant: 'destructive', title: t('messages.noSuperLikes'), description: t('messages.noSuperLikesDetail') });
      return;
    }
    fly(card, action, from);
    void enqueue(async () => {
      try {
        const result = action === 'pass' ? (await pass({ toUserId: card.id }).unwrap(), { isMatch: false }) : await watchLike((action === 'like' ? like : superLike)({ toUserId: card.id }).unwrap());
        if (action === 'super_like') {
          dispatch(superLikeUsed({ userId, at: new Date().toISOString() }));
          toast({ title: t('discovery.toast.superLikeSent') });
        }
        if (result?.isMatch && result.match?.id) {
          const name = nameOf(card);
          const params = new URLSearchParams({ user: typeof name === 'string' ? name : '', matchId: result.match.id });
          navigate(`/match?${params}`, { state: { photo: card.mainPhoto ?? card.photos[0] ?? null, fromDeck: true } satisfies MatchScreenState });
        }
      } catch (error) {
        const status = (error as ApiError | undefined)?.status;
        // the card comes back to try again, unless its member is gone (404)
        if (status !== 404) send({ type: 'swipeFailed', id: card.id });
        const detail = status === 429 ? errorText(error, 'common.tryAgain') : t('common.tryAgain');
        if (action === 'pass') toast({ variant: 'destructive', title: t('discovery.toast.passFailed') });
        else if (action === 'like') toast({ variant: 'destructive', title: t('discovery.toast.actionFailed'), description: detail });
        else if (isNoSuperLikes(error)) {
          dispatch(superLikesExhausted({ userId, at: new Date().toISOString() }));
          toast({ variant: 'destructive', title: t('messages.noSuperLikes'), description: t('messages.noSuperLikesDetail') });
        } else toast({ variant: 'destructive', title: t('discovery.toast.superLikeFailed'), description: errorText(error, 'common.tryAgain') });
      }
    });
  };

  // one undo at a time (Undo waits for it), and none once the server said there is nothing to undo
  const undo = () => {
    if (!canUndo(deckNow.current)) return;
    send({ type: 'undoStarted' });
    void enqueue(async () => {
      let nothingToUndo = false;
      try {
        const result = await undoSwipe().unwrap();
        const known = deckNow.current.swiped.some((s) => s.card.id === result?.toUserId);
        if (result?.action === 'super_like') dispatch(superLikeReturned({ userId, at: new Date().toISOString() }));
        if (result?.toUserId && result.action && known) setReturning({ id: result.toUserId, action: result.action as SwipeAction });
        if (known || !result?.toUserId) send({ type: 'undone', toUserId: result?.toUserId });
        else if (filters) await load(true, filters);
        toast({ title: t('discovery.toast.undone') });
      } catch (error) {
        nothingToUndo = (error as ApiError | undefined)?.code === 'nothing_to_undo';
        toast({ variant: 'destructive', title: t('discovery.toast.undoFailed'), description: errorText(error, 'messages.noActionToUndo') });
      } finally {
        send({ type: 'undoFinished', nothingToUndo });
      }
    });
  };

  const startBoost = async () => {
    if (boostInFlight.current) return;
    // a boost is already on: say so and how long it has left (a tap that did nothing looked broken)
    const sayOn = (ms: number) => toast({ title: t('messages.boostActive'), description: t('discovery.boost.activeLabel', { minutes: Math.ceil(ms / 60_000) }) });
    if (boostMs > 0) return void sayOn(boostMs);
    boostInFlight.current = true;
    try {
      const result = await boost({ duration: Limits.boostMinutesDefault }).unwrap();
      dispatch(boostStarted({ userId, expiresAt: result.expiresAt }));
      setNow(new Date());
      toast({ title: t('discovery.toast.boostActivated'), description: t('discovery.toast.boostActivatedText', { n: result.duration }) });
    } catch (error) {
      // on already, started on another device (this one keeps only its own): shown as on, with its
      // time left by the server's clock (this device's may be off)
      const on = isBoostActive(error) ? await readBoostState(undefined, false).unwrap().catch(() => null) : null;
      if (on && on.secondsLeft > 0) {
        const left = on.secondsLeft * 1000;
        dispatch(boostStarted({ userId, expiresAt: new Date(Date.now() + left).toISOString() }));
        setNow(new Date());
        return void sayOn(left);
      }
      toast({ variant: 'destructive', title: t('discovery.toast.boostFailed'), description: errorText(error, 'common.tryAgain') });
    } finally {
      boostInFlight.current = false;
    }
  };

  const applyFilters = async (next: DeckFilters) => {
    try {
      await saveFilters(next).unwrap();
    } catch {
      toast({ variant: 'destructive', title: t('discovery.toast.filterError'), description: t('discovery.toast.filterErrorText') });
    }
    // the same filters again still start over from the first card, once (a new copy of them
    // would start it a second time, racing the first)
    if (filters && JSON.stringify(filters) === JSON.stringify(next)) void load(true, filters);
    else setFilters(next);
  };

  return {
    deck,
    filters: filters ?? NO_FILTERS,
    filtersReady: !!filters,
    leaving,
    returning,
    onGone: (key: number) => setLeaving((list) => list.filter((l) => l.key !== key)),
    swipe,
    undo,
    canUndo: canUndo(deck),
    boost: startBoost,
    applyFilters,
    savingFilters,
    retry: () => filters && void load(true, filters),
    superLikesLeft: superLikesRemaining(member, now),
    boostMinutesLeft: boostMs > 0 ? Math.ceil(boostMs / 60_000) : 0,
  };
}
