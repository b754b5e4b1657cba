import type { ReportDialogSlot } from '../../../lib/report-dialog';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Limits, type CandidateView } from '@aero/contracts/shared';
import { BoltIcon, EyeIcon, PlaneIcon, SlidersIcon, StyledScreenAboveNav, toast } from '../../../components';
import { useLocale, useT, useText } from '../../../i18n';
import { useGetLayoverQuery, useGetProfileViewCountQuery } from '../api/discovery-api';
import { layoverChipText } from '../lib/layover';
import { isDeckEmpty, isDeckFailed } from '../lib/deck';
import type { DistanceUnit } from '../lib/distance';
import { hasFilters } from '../lib/filters';
import { nameOf, photosOf } from '../lib/candidate';
import { gestureFor } from '../lib/swipe-gesture';
import { useSwipeDeck } from '../hooks/use-swipe-deck';
import { ActionBar } from './action-bar';
import { useDeckKeys } from '../hooks/use-deck-keys';
import { CardStack } from './card-stack';
import { DeckError, EmptyDeck, SkeletonCard } from './deck-states';
import { shortWindow, theme } from '../../../theme';
import { useConnectionSettled } from '../../../lib/realtime';

const dialogs = () => import('./dialogs');
const FilterDialog = lazy(() => dialogs().then((m) => ({ default: m.FilterDialog })));
const ProfileDetail = lazy(() => dialogs().then((m) => ({ default: m.ProfileDetail })));
const PhotoViewer = lazy(() => dialogs().then((m) => ({ default: m.PhotoViewer })));
const ZoomOverlay = lazy(() => dialogs().then((m) => ({ default: m.ZoomOverlay })));
const ViewersDialog = lazy(() => dialogs().then((m) => ({ default: m.ViewersDialog })));
/** the longest delay a browser's timer takes (about 24.8 days) */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** how soon, and how many times, the layover is asked for again while the server has not yet seen a beginning or end this device's clock has passed */
const LAYOVER_RECHECK_MS = 30_000;
const LAYOVER_RECHECKS = 10;

/** how long the toast saying what opens layovers stays (its action leads on: longer than a toast's 5 s) */
const LOCKED_LAYOVER_TOAST_MS = 10_000;

// the layover sheet: a chunk of its own, fetched on the first tap of the chip
const LayoverSheet = lazy(() => import('./layover-sheet').then((m) => ({ default: m.LayoverSheet })));

const StyledScreen = styled(StyledScreenAboveNav)`
  padding: ${theme.space.md} ${theme.space.lg};
  padding-bottom: calc(${theme.layout.bottomNavHeight} + ${theme.space.sm} + env(safe-area-inset-bottom));
  ${shortWindow} { overflow-y: auto; }
`;

const StyledHeader = styled.header`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  min-height: ${theme.touchTarget};
  margin-bottom: ${theme.space.md};
  h1 {
    flex: 1;
    font-size: ${theme.font.size.xxl};
    font-weight: ${theme.font.weight.bold};
    letter-spacing: -0.02em;
  }
`;

const StyledHeaderButton = styled.button.attrs({ type: 'button' })`
  position: relative;
  width: ${theme.touchTarget};
  height: ${theme.touchTarget};
  display: grid;
  place-items: center;
  border-radius: 50%;
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  box-shadow: ${theme.shadow.card};
  cursor: pointer;
  .count, .dot {
    position: absolute;
    top: -3px;
    right: -3px;
    border-radius: ${theme.radius.pill};
    background: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
  }
  .count { min-width: 20px; height: 20px; padding: 0 5px; font-size: ${theme.font.size.xs}; font-weight: ${theme.font.weight.bold}; line-height: 20px; text-align: center; }
  .dot { width: 12px; height: 12px; border: 2px solid ${theme.colors.surface}; }
`;

const StyledBoosted = styled.p`
  align-self: center;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin: 0 0 ${theme.space.md};
  padding: 4px 14px;
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.swipeBoost};
  color: ${theme.colors.onSwipeBoost};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.semibold};
  svg { fill: currentColor; }
`;

const StyledLayoverChip = styled.button.attrs({ type: 'button' })`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: ${theme.touchTarget};
  margin: 0 0 ${theme.space.md};
  padding: 0 14px;
  border-radius: ${theme.radius.pill};
  border: 1.5px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.semibold};
  cursor: pointer;
  &[data-active] { background: ${theme.colors.accent}; border-color: transparent; color: ${theme.colors.onAccent}; }
`;

const StyledDeck = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
  /* a phone on its side: the card keeps a height its photo shows in, and the screen scrolls */
  ${shortWindow} { min-height: 320px; }
`;

const StyledHint = styled.p`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`;

/**
 * The header's profile views button with its badge. The count waits for the first screen (its first
 * card's photo) to settle, and for the real-time connection's first attempt (started then): asked
 * before it, its resync asks again. Its own component: those waits' steps and the count's arrival
 * render this button, not the whole screen (its card stack and action bar).
 */
const ViewsButton = memo(function ViewsButton({ onOpen }: { onOpen: () => void }) {
  const t = useT();
  const ready = useConnectionSettled();
  const { data: views } = useGetProfileViewCountQuery(undefined, { skip: !ready, refetchOnMountOrArgChange: true, selectFromResult: ({ data }) => ({ data }) });
  const viewCount = views?.count ?? 0;
  // the badge's figure, and the same in the button's name (a name that holds what it shows)
  const viewBadge = viewCount > 99 ? '99+' : String(viewCount);
  return (
    <StyledHeaderButton aria-label={t('discovery.views.open', { count: viewBadge })} onClick={onOpen}>
      <EyeIcon size={22} />
      {viewCount > 0 && (
        <span className="count" aria-hidden="true">
          {viewBadge}
        </span>
      )}
    </StyledHeaderButton>
  );
});

/**
 * What the deck offers of layover mode (beyond spec): verified airline members use it (`open`: the
 * chip and its sheet); airline members not verified yet see the chip, which says what opens it
 * (`locked`); general members see nothing of it (`none`).
 */
export type LayoverAccess = 'open' | 'locked' | 'none';

/** Discovery (/swipe, spec §2): the card stack with its dialogs, viewer and zoom overlay, and the layover chip (`layoverAccess`). */
export function SwipeScreen({
  userId,
  distanceUnit,
  distancePreference = null,
  layoverAccess = 'none',
  ReportDialog,
}: {
  userId: string;
  distanceUnit: DistanceUnit;
  /** the member's distance preference (miles; null: any distance), which limits the deck at home */
  distancePreference?: number | null;
  layoverAccess?: LayoverAccess;
  /** trust and safety's report dialog, from the page */
  ReportDialog?: ReportDialogSlot;
}) {
  const t = useT();
  const locale = useLocale();
  const { data: layover, refetch: refetchLayover } = useGetLayoverQuery(undefined, { skip: layoverAccess !== 'open', refetchOnMountOrArgChange: true, selectFromResult: ({ data }) => ({ data }) });
  const [layoverOpen, setLayoverOpen] = useState(false);
  const show = useText();
  const navigate = useNavigate();
  const deck = useSwipeDeck(userId);
  const reloadDeck = useRef(deck.retry);
  reloadDeck.current = deck.retry;
  // a layover that begins or ends while the screen is open is asked for again then (and a little
  // later again while the server's answer lags this device's clock)
  const [layoverChecks, setLayoverChecks] = useState(0);
  useEffect(() => {
    if (!layover) return;
    const now = Date.now();
    const [arrives, departs] = [Date.parse(layover.arrivesAt), Date.parse(layover.departsAt)];
    const lagging = departs <= now || (arrives <= now && !layover.current);
    const next = [arrives, departs].find((at) => at > now);
    if (lagging ? layoverChecks >= LAYOVER_RECHECKS : next === undefined) return;
    const timer = window.setTimeout(() => {
      void refetchLayover();
      setLayoverChecks((n) => n + 1);
    }, lagging ? LAYOVER_RECHECK_MS : Math.min(next! - now + 1000, MAX_TIMEOUT_MS));
    return () => window.clearTimeout(timer);
  }, [layover, refetchLayover, layoverChecks]);
  // the deck is another place once the layover begins, ends, moves or is cancelled
  const layoverKey = layover === undefined ? undefined : layover ? [layover.label, layover.arrivesAt, layover.departsAt, layover.current].join('|') : 'none';
  const shownFor = useRef(layoverKey);
  useEffect(() => {
    if (layoverKey === undefined) return;
    if (shownFor.current !== undefined && shownFor.current !== layoverKey) reloadDeck.current();
    shownFor.current = layoverKey;
  }, [layoverKey]);
  const gesture = useMemo(() => gestureFor(typeof window === 'undefined' ? 390 : window.innerWidth), []);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [viewersOpen, setViewersOpen] = useState(false);
  const openViewers = useCallback(() => setViewersOpen(true), []);
  const [detail, setDetail] = useState<CandidateView | null>(null);
  const [reporting, setReporting] = useState<CandidateView | null>(null);
  const [viewer, setViewer] = useState<{ card: CandidateView; index: number } | null>(null);
  const [zoom, setZoom] = useState<{ card: CandidateView; url: string } | null>(null);

  // the dialogs are fetched while the member looks at the first card
  useEffect(() => {
    const timer = window.setTimeout(() => void dialogs().catch(() => undefined), 1500);
    return () => window.clearTimeout(timer);
  }, []);

  const top = deck.deck.cards[0];
  const filtered = hasFilters(deck.filters);
  const loading = deck.deck.status === 'loading' || !deck.filtersReady;
  const empty = isDeckEmpty(deck.deck);
  // Presses of the swipe buttons within a double tap's window of the last one that acted are part
  // of it (a double tap, a held Enter): each would decide the next card, which the member has not seen.
  const lastPress = useRef(-Infinity);
  const act = (action: 'like' | 'pass' | 'super_like') => {
    const now = performance.now();
    if (!top || now - lastPress.current < Limits.doubleTapMs) return;
    lastPress.current = now;
    setDetail(null);
    deck.swipe(top, action);
  };
  useDeckKeys(!!top && !loading && !filtersOpen && !viewersOpen && !detail && !reporting && !viewer && !zoom && !layoverOpen, act);

  return (
    <StyledScreen>
      <StyledHeader>
        <h1>{t('discovery.title')}</h1>
        <ViewsButton onOpen={openViewers} />
        <StyledHeaderButton aria-label={filtered ? t('discovery.filters.openActive') : t('discovery.filters.open')} onClick={() => setFiltersOpen(true)}>
          <SlidersIcon size={22} />
          {filtered && <span className="dot" aria-hidden="true" />}
        </StyledHeaderButton>
      </StyledHeader>

      {/* only once the member's layover is known: a chip saying 'Add' over one that did not load would replace it */}
      {layoverAccess === 'open' && layover !== undefined && (
        <StyledLayoverChip data-active={layover ? '' : undefined} onClick={() => setLayoverOpen(true)}>
          <PlaneIcon size={16} /> {layover ? t(layoverChipText(layover, locale)) : t('discovery.layover.add')}
        </StyledLayoverChip>
      )}
      {layoverAccess === 'locked' && (
        <StyledLayoverChip
          onClick={() =>
            toast({
              title: t('discovery.layover.lockedTitle'),
              description: t('discovery.layover.lockedText'),
              action: { label: t('discovery.layover.lockedAction'), onClick: () => navigate('/profile') },
              duration: LOCKED_LAYOVER_TOAST_MS,
            })
          }
        >
          <PlaneIcon size={16} /> {t('discovery.layover.add')}
        </StyledLayoverChip>
      )}

      {deck.boostMinutesLeft > 0 && (
        <StyledBoosted role="status">
          <BoltIcon size={16} /> {t('discovery.boost.active', { minutes: deck.boostMinutesLeft })}
        </StyledBoosted>
      )}

      <StyledDeck>
        {loading ? (
          <SkeletonCard />
        ) : isDeckFailed(deck.deck) ? (
          <DeckError onRetry={deck.retry} />
        ) : empty || !top ? (
          empty ? (
            <EmptyDeck
              onViewMessages={() => navigate('/messages')}
              onChangeFilters={filtered ? () => setFiltersOpen(true) : undefined}
              // at home the distance preference limits the deck (a layover's deck is its city): widening it is in the profile's edit form
              onWidenDistance={distancePreference !== null && !layover?.current ? () => navigate('/profile', { state: { edit: true } }) : undefined}
              layoverCity={layover?.current ? layover.city : undefined}
            />
          ) : (
            <SkeletonCard />
          )
        ) : (
          <>
            <StyledHint id="swipe-hint">{t('discovery.card.hint')}</StyledHint>
            <CardStack
              label={t('discovery.stack')}
              cards={deck.deck.cards}
              leaving={deck.leaving}
              returning={deck.returning}
              onGone={deck.onGone}
              gesture={gesture}
              distanceUnit={distanceUnit}
              onDecide={(card, action, from) => deck.swipe(card, action, from)}
              onTap={(card) => setViewer({ card, index: 0 })}
              onLongPress={(card) => {
                const url = photosOf(card)[0];
                if (url) setZoom({ card, url });
              }}
              onInfo={setDetail}
            />
          </>
        )}
      </StyledDeck>

      <ActionBar
        disabled={!top || loading}
        undoDisabled={!deck.canUndo}
        superLikesLeft={deck.superLikesLeft}
        boostMinutesLeft={deck.boostMinutesLeft}
        onUndo={deck.undo}
        onPass={() => act('pass')}
        onSuperLike={() => act('super_like')}
        onLike={() => act('like')}
        onBoost={deck.boost}
      />

      <Suspense fallback={null}>
        {filtersOpen && (
          <FilterDialog
            open
            filters={deck.filters}
            pending={deck.savingFilters}
            onOpenChange={setFiltersOpen}
            onApply={(next) => {
              setFiltersOpen(false);
              void deck.applyFilters(next);
            }}
          />
        )}
        {viewersOpen && <ViewersDialog open onOpenChange={setViewersOpen} />}
        {layoverOpen && (
          <LayoverSheet
            open
            layover={layover ?? null}
            onOpenChange={setLayoverOpen}
            onChanged={() => setLayoverOpen(false)}
          />
        )}
        {detail && (
          <ProfileDetail
            card={detail}
            distanceUnit={distanceUnit}
            onClose={() => setDetail(null)}
            onOpenPhoto={(index) => setViewer({ card: detail, index })}
            onZoom={(url) => setZoom({ card: detail, url })}
            onLike={() => act('like')}
            onPass={() => act('pass')}
            onReport={ReportDialog ? () => setReporting(detail) : undefined}
          />
        )}
        {ReportDialog && reporting && (
          <ReportDialog
            userId={reporting.id}
            name={show(nameOf(reporting))}
            airlineStaff={!!reporting.airline}
            open
            onOpenChange={(open) => !open && setReporting(null)}
            onReported={({ blocked }) => {
              setReporting(null);
              setDetail(null);
              // a blocked member leaves the deck at once
              if (blocked) deck.retry();
            }}
          />
        )}
        {viewer && photosOf(viewer.card).length > 0 && (
          <PhotoViewer
            name={show(nameOf(viewer.card))}
            photos={photosOf(viewer.card)}
            startAt={viewer.index}
            onClose={() => setViewer(null)}
            onZoom={(url) => setZoom({ card: viewer.card, url })}
          />
        )}
        {zoom && <ZoomOverlay name={show(nameOf(zoom.card))} url={zoom.url} onClose={() => setZoom(null)} />}
      </Suspense>
    </StyledScreen>
  );
}
