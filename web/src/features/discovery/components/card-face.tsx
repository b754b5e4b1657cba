import type { CandidateView } from '@aero/contracts/shared';
import { memo } from 'react';
import styled from 'styled-components';
import { InfoIcon, MapPinIcon, PlaneIcon } from '../../../components';
import { useOptionLabel, useT, useText } from '../../../i18n';
import { jobOf, nameOf, photosOf } from '../lib/candidate';
import { distanceLabel, type DistanceUnit } from '../lib/distance';
import { oneLine, theme } from '../../../theme';

export const StyledFace = styled.div`
  position: absolute;
  inset: 0;
  border-radius: ${theme.radius.xl};
  overflow: hidden;
  background: ${theme.colors.heroGradient};
  color: ${theme.colors.onHero};
  box-shadow: ${theme.shadow.raised};
  user-select: none;
  -webkit-user-select: none;
  -webkit-touch-callout: none;
  > img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
    pointer-events: none;
  }
  .placeholder { position: absolute; inset: 0; display: grid; place-items: center; opacity: 0.5; }
  .bars {
    position: absolute;
    top: ${theme.space.sm};
    left: ${theme.space.md};
    right: ${theme.space.md};
    display: flex;
    gap: 4px;
    span { flex: 1; height: 4px; border-radius: 2px; background: ${theme.colors.photoControl}; }
    span:first-child { background: ${theme.colors.onHero}; }
  }
  .caption {
    position: absolute;
    inset: auto 0 0 0;
    padding: 120px ${theme.space.lg} ${theme.space.lg};
    /* twice: light photos keep white text readable */
    background: ${theme.colors.photoScrim}, ${theme.colors.photoScrim};
    display: flex;
    align-items: flex-end;
    gap: ${theme.space.md};
  }
  .text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
  h2 {
    font-size: ${theme.font.size.xxl};
    font-weight: ${theme.font.weight.bold};
    line-height: 1.15;
    display: flex;
    align-items: baseline;
    flex-wrap: wrap;
    gap: ${theme.space.sm};
    text-shadow: ${theme.shadow.textOnPhoto};
  }
  h2 .name { ${oneLine} }
  h2 .age { font-weight: ${theme.font.weight.regular}; }
  .verified {
    align-self: center;
    display: inline-grid;
    place-items: center;
    width: 22px;
    height: 22px;
    border-radius: 50%;
    font-size: ${theme.font.size.xs};
    background: ${theme.colors.swipeSuper};
    color: ${theme.colors.onHero};
  }
  .line { font-size: ${theme.font.size.md}; opacity: 0.95; display: flex; align-items: flex-start; gap: 6px; min-width: 0; line-height: 1.35; }
  .line > span { overflow: hidden; display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; }
  .line svg { flex: none; margin-top: 2px; }
  /* 'under 50 miles' wraps as a whole, never with its unit alone on the next line */
  .band { white-space: nowrap; }
  .layover {
    position: absolute;
    top: ${theme.space.lg};
    left: ${theme.space.md};
    padding: 4px 12px;
    border-radius: ${theme.radius.pill};
    background: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
    font-size: ${theme.font.size.sm};
    font-weight: ${theme.font.weight.semibold};
    box-shadow: ${theme.shadow.card};
  }
`;

const StyledInfo = styled.button.attrs({ type: 'button' })`
  flex: none;
  width: ${theme.touchTarget};
  height: ${theme.touchTarget};
  display: grid;
  place-items: center;
  border-radius: 50%;
  border: none;
  background: ${theme.colors.photoControl};
  color: ${theme.colors.onHero};
  cursor: pointer;
`;

/**
 * A card's face: the main photo, name and age, job, place and distance band (spec §2 Discovery).
 * Memoized: the stack renders again as the screen loads (the first screen settling, the motion's
 * code arriving, a press) with the same cards, and a face is most of a card's elements.
 */
export const CardFace = memo(function CardFace({ card, distanceUnit, onInfo, interactive = true }: { card: CandidateView; distanceUnit: DistanceUnit; onInfo?: () => void; interactive?: boolean }) {
  const t = useT();
  const show = useText();
  const optionLabel = useOptionLabel();
  const photos = photosOf(card);
  const name = show(nameOf(card));
  const job = jobOf(card, (p) => optionLabel('position', p));
  const distance = distanceLabel(card.distanceBand, distanceUnit);
  const band = distance && show(distance);
  const work = [job && show(job), card.baseAirport && t('discovery.card.basedAt', { code: card.baseAirport })].filter(Boolean).join(' · ');
  return (
    <StyledFace>
      {photos[0] ? (
        <img src={photos[0]} alt={t('discovery.photo.alt', { name, n: 1, total: photos.length })} draggable={false} />
      ) : (
        <div className="placeholder">
          <PlaneIcon size={72} />
        </div>
      )}
      {photos.length > 1 && (
        <div className="bars" aria-hidden="true">
          {photos.map((p) => (
            <span key={p} />
          ))}
        </div>
      )}
      {card.layover && <p className="layover">{card.layover.nights > 0 ? t('discovery.card.layoverNights', { nights: card.layover.nights }) : t('discovery.card.layover')}</p>}
      <div className="caption">
        <div className="text">
          <h2>
            <span className="name">{name}</span>
            {card.age != null && <span className="age">{card.age}</span>}
            {card.verified && (
              <span className="verified" role="img" aria-label={t('profile.badge.verified')}>
                ✓
              </span>
            )}
          </h2>
          {work && (
            <p className="line">
              <PlaneIcon size={16} />
              <span>{work}</span>
            </p>
          )}
          {(card.location || band) && (
            <p className="line">
              <MapPinIcon size={16} />
              <span>
                {card.location}
                {card.location && band && ' · '}
                {band && <span className="band">{band}</span>}
              </span>
            </p>
          )}
        </div>
        {interactive && onInfo && (
          <StyledInfo aria-label={t('discovery.card.info', { name })} onClick={onInfo}>
            <InfoIcon size={22} />
          </StyledInfo>
        )}
      </div>
    </StyledFace>
  );
});
