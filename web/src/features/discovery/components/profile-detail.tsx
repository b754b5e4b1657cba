import { Fragment, useEffect, useState } from 'react';
import styled from 'styled-components';
import type { CandidateView } from '@aero/contracts/shared';
import { Button, CloseIcon, HeartIcon, MapPinIcon, PlaneIcon } from '../../../components';
import { useOptionLabel, useT, useText } from '../../../i18n';
import { useRecordProfileViewMutation } from '../api/discovery-api';
import { jobOf, nameOf, photosOf } from '../lib/candidate';
import { detailRows } from '../lib/details';
import { distanceLabel, type DistanceUnit } from '../lib/distance';
import { PhotoGallery } from './photo-gallery';
import { Sheet } from './sheet';
import { theme } from '../../../theme';

const StyledPhotos = styled.div`
  position: relative;
  aspect-ratio: 4 / 5;
  max-height: 52dvh;
  width: 100%;
  border-radius: ${theme.radius.lg};
  overflow: hidden;
  background: ${theme.colors.heroGradient};
  color: ${theme.colors.onHero};
  .placeholder { position: absolute; inset: 0; display: grid; place-items: center; opacity: 0.6; }
`;

const StyledFacts = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  margin: ${theme.space.lg} 0;
  .line { display: flex; align-items: center; gap: 8px; color: ${theme.colors.textMuted}; }
  .line svg { flex: none; color: ${theme.colors.accent}; }
`;

const StyledBadge = styled.span`
  display: inline-flex;
  align-items: center;
  padding: 2px 10px;
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.success};
  color: ${theme.colors.onAccent};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.bold};
  margin-left: ${theme.space.sm};
  vertical-align: middle;
`;

const StyledSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.lg} 0;
  border-top: 1px solid ${theme.colors.border};
  h3 { font-size: ${theme.font.size.md}; font-weight: ${theme.font.weight.bold}; }
  p { white-space: pre-wrap; }
  dl {
    margin: 0;
    display: grid;
    grid-template-columns: auto 1fr;
    gap: ${theme.space.sm} ${theme.space.lg};
  }
  dt { color: ${theme.colors.textMuted}; font-size: ${theme.font.size.sm}; }
  dd { margin: 0; text-align: right; font-weight: ${theme.font.weight.medium}; }
`;

const StyledPass = styled(Button)`
  color: ${theme.colors.swipePass};
`;

/**
 * The profile detail modal (spec §2): every photo, the person's details, and like or pass.
 * Opening it records a profile view; a failure to record is ignored silently (spec §4).
 */
const StyledReport = styled.div`
  display: flex;
  justify-content: center;
  padding: ${theme.space.md} 0 ${theme.space.xl};
  button { color: ${theme.colors.danger}; }
`;

export function ProfileDetail({
  card,
  distanceUnit,
  onClose,
  onOpenPhoto,
  onZoom,
  onLike,
  onPass,
  onReport,
}: {
  card: CandidateView;
  distanceUnit: DistanceUnit;
  onClose: () => void;
  onOpenPhoto: (index: number) => void;
  onZoom: (url: string) => void;
  onLike: () => void;
  onPass: () => void;
  /** trust and safety: opens the report dialog (absent: no report offered) */
  onReport?: () => void;
}) {
  const t = useT();
  const show = useText();
  const optionLabel = useOptionLabel();
  const [recordView] = useRecordProfileViewMutation();
  const [index, setIndex] = useState(0);
  const photos = photosOf(card);
  const name = show(nameOf(card));
  const job = jobOf(card, (p) => optionLabel('position', p));
  const work = [job && show(job), card.baseAirport && t('discovery.card.basedAt', { code: card.baseAirport })].filter(Boolean).join(' · ');
  // on a layover in the same place: the city (members in the overlap only ever receive it)
  const layover = card.layover && [card.layover.nights > 0 ? t('discovery.card.layoverNights', { nights: card.layover.nights }) : t('discovery.card.layover'), card.layover.city].join(' · ');
  const distance = distanceLabel(card.distanceBand, distanceUnit);
  const rows = detailRows(card);

  useEffect(() => {
    recordView({ viewedUserId: card.id })
      .unwrap()
      .catch(() => undefined);
  }, [card.id, recordView]);

  return (
    <Sheet
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        <>
          {card.age != null ? t('discovery.card.label', { name, age: card.age }) : name}
          {card.verified && <StyledBadge>✓ {t('profile.badge.verified')}</StyledBadge>}
        </>
      }
      closeLabel={t('discovery.detail.close')}
      footer={
        <>
          <StyledPass $variant="outline" onClick={onPass}>
            <CloseIcon size={20} strokeWidth={3} /> {t('discovery.action.pass')}
          </StyledPass>
          <Button $variant="accent" onClick={onLike}>
            <HeartIcon size={20} fill="currentColor" /> {t('discovery.action.like')}
          </Button>
        </>
      }
    >
      <StyledPhotos>
        {photos.length ? (
          <PhotoGallery
            photos={photos}
            index={index}
            onIndexChange={setIndex}
            altOf={(n, total) => t('discovery.photo.alt', { name, n, total })}
            onTap={() => onOpenPhoto(index)}
            onLongPress={(i) => onZoom(photos[i])}
          />
        ) : (
          <div className="placeholder">
            <PlaneIcon size={64} />
          </div>
        )}
      </StyledPhotos>
      <StyledFacts>
        {work && (
          <p className="line">
            <PlaneIcon size={18} /> {work}
          </p>
        )}
        {layover && (
          <p className="line">
            <PlaneIcon size={18} /> {layover}
          </p>
        )}
        {(card.location || distance) && (
          <p className="line">
            <MapPinIcon size={18} /> {[card.location, distance && show(distance)].filter(Boolean).join(' · ')}
          </p>
        )}
      </StyledFacts>
      {card.bio && (
        <StyledSection aria-labelledby="detail-about">
          <h3 id="detail-about">{t('profile.section.about')}</h3>
          <p>{card.bio}</p>
        </StyledSection>
      )}
      {rows.length > 0 && (
        <StyledSection aria-labelledby="detail-more">
          <h3 id="detail-more">{t('discovery.detail.more')}</h3>
          <dl>
            {rows.map((row) => (
              <Fragment key={row.label}>
                <dt>{t(row.label)}</dt>
                <dd>{row.field ? optionLabel(row.field, row.value) : row.value}</dd>
              </Fragment>
            ))}
          </dl>
        </StyledSection>
      )}
      {onReport && (
        <StyledReport>
          <Button $variant="link" onClick={onReport}>
            {t('safety.report.title', { name })}
          </Button>
        </StyledReport>
      )}
    </Sheet>
  );
}
