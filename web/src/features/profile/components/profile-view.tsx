import { Fragment } from 'react';
import styled from 'styled-components';
import { isAirline, type VerificationStatus as Status } from '@aero/contracts/shared';
import { PlaneIcon, StyledPhotoBadge } from '../../../components';
import { useOptionLabel, useT, useText } from '../../../i18n';
import { mainPhotoOf, showsVerificationStatus } from '../../../lib/current-user';
import { ageText, profileSections } from '../lib/profile-view-rules';
import type { CurrentUser } from '../../../lib/current-user';
import { StyledBadge, StyledRows, StyledSection } from './profile-styles';
// an airline member's employment verification, in the page's chunk: shown with the page (a chunk of
// its own arrived after the page showed, and the card pushed the stats down: a layout shift)
import { VerificationStatus } from './verification-status';
import { narrowWindow, oneLine, theme } from '../../../theme';

const StyledHero = styled.section`
  position: relative;
  border-radius: ${theme.radius.xl};
  overflow: hidden;
  background: ${theme.colors.heroGradient};
  color: ${theme.colors.onHero};
  aspect-ratio: 4 / 5;
  max-height: 52dvh;
  width: 100%;
  box-shadow: ${theme.shadow.card};
  img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
  .placeholder { position: absolute; inset: 0; display: grid; place-items: center; opacity: 0.6; }
  .caption {
    position: absolute;
    inset: auto 0 0 0;
    padding: ${theme.space.xl} ${theme.space.lg} ${theme.space.lg};
    background: ${theme.colors.photoScrim};
    display: flex;
    flex-direction: column;
    gap: ${theme.space.xs};
  }
  h2 { font-size: ${theme.font.size.xxl}; font-weight: ${theme.font.weight.bold}; line-height: 1.1; ${oneLine} }
  .age { font-size: ${theme.font.size.lg}; opacity: 0.92; }
  .badges { display: flex; flex-wrap: wrap; gap: ${theme.space.xs}; margin-top: ${theme.space.xs}; }
`;

const StyledThumbs = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${theme.space.sm};
  /* as the photo picker's: two a row in a narrow window, where the main photo's badge is whole */
  ${narrowWindow} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  li { position: relative; aspect-ratio: 3 / 4; border-radius: ${theme.radius.md}; overflow: hidden; background: ${theme.colors.backgroundAlt}; }
  li.main { outline: 3px solid ${theme.colors.accent}; outline-offset: -3px; }
  img { width: 100%; height: 100%; object-fit: cover; display: block; }
`;

// the numbers in a row at the top, each label under its number (wrapping between words)
const StyledStats = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  text-align: center;
  div { display: flex; flex-direction: column-reverse; justify-content: flex-end; gap: 2px; }
  dd { margin: 0; font-size: ${theme.font.size.xl}; font-weight: ${theme.font.weight.bold}; }
  dt { font-size: ${theme.font.size.xs}; color: ${theme.colors.textMuted}; overflow-wrap: break-word; }
  div + div { border-left: 1px solid ${theme.colors.border}; }
`;

const StyledBio = styled.p`
  white-space: pre-wrap;
  line-height: 1.5;
`;


/** Counts the spec shows (§2): Matches, Likes Given (always 0) and Conversations (matches with messages). */
export interface ProfileCounts {
  matches: number;
  likesGiven: number;
  conversations: number;
}

/** View mode of My Profile (spec §2); `verification`: an airline member's (not verified yet) status, asked by the screen. */
export function ProfileView({ profile, counts, verification }: { profile: CurrentUser; counts: ProfileCounts; verification?: Status }) {
  const t = useT();
  const show = useText();
  const optionLabel = useOptionLabel();
  const airline = isAirline(profile.userType);
  const main = mainPhotoOf(profile);
  const sections = profileSections(profile);
  const age = ageText(profile.age);
  return (
    <>
      <StyledHero aria-label={t('profile.summary')}>
        {main ? (
          <img src={main} alt={profile.firstName ? t('profile.mainPhotoOf', { name: profile.firstName }) : t('profile.mainPhoto')} />
        ) : (
          <div className="placeholder">
            <PlaneIcon size={64} />
          </div>
        )}
        <div className="caption">
          <h2>{profile.firstName ?? t('profile.yourProfile')}</h2>
          <span className="age">{show(age)}</span>
          <div className="badges">
            {airline && (
              <StyledBadge $tone="accent">
                <PlaneIcon size={14} /> {t('profile.badge.airline')}
              </StyledBadge>
            )}
            {profile.verified && <StyledBadge $tone="success">✓ {t('profile.badge.verified')}</StyledBadge>}
          </div>
        </div>
      </StyledHero>

      {showsVerificationStatus(profile) && <VerificationStatus status={verification} />}

      <StyledSection aria-label={t('profile.stats')}>
        <StyledStats>
          <div>
            <dt>{t('profile.stat.matches')}</dt>
            <dd>{counts.matches}</dd>
          </div>
          <div>
            <dt>{t('profile.stat.likesGiven')}</dt>
            <dd>{counts.likesGiven}</dd>
          </div>
          <div>
            <dt>{t('profile.stat.conversations')}</dt>
            <dd>{counts.conversations}</dd>
          </div>
        </StyledStats>
      </StyledSection>

      {profile.photos.length > 0 && (
        <StyledSection aria-labelledby="photos-title">
          <h2 id="photos-title">{t('profile.section.photos')}</h2>
          <StyledThumbs>
            {profile.photos.map((url, i) => (
              <li key={url} className={url === main ? 'main' : undefined}>
                <img src={`${url}?size=thumb`} alt={t(url === main ? 'photos.altMain' : 'photos.alt', { n: i + 1 })} loading="lazy" />
                {url === main && <StyledPhotoBadge>{t('photos.main')}</StyledPhotoBadge>}
              </li>
            ))}
          </StyledThumbs>
        </StyledSection>
      )}

      <StyledSection aria-labelledby="about-title">
        <h2 id="about-title">{t('profile.section.about')}</h2>
        <StyledBio>{profile.bio || t('profile.bioEmpty')}</StyledBio>
        <StyledRows>
          {profile.location && (
            <>
              <dt>{t('location.label')}</dt>
              <dd>{profile.location}</dd>
            </>
          )}
          {airline && profile.position && (
            <>
              <dt>{t('profile.field.position')}</dt>
              <dd>{optionLabel('position', profile.position)}</dd>
            </>
          )}
          {airline && profile.airline && (
            <>
              <dt>{t('profile.field.airline')}</dt>
              <dd>{profile.airline}</dd>
            </>
          )}
          {airline && profile.baseAirport && (
            <>
              <dt>{t('profile.field.baseAirport')}</dt>
              <dd>{profile.baseAirport}</dd>
            </>
          )}
          {profile.distancePreference != null && (
            <>
              <dt>{t('profile.row.distance')}</dt>
              <dd>{t('profile.miles', { count: profile.distancePreference })}</dd>
            </>
          )}
        </StyledRows>
      </StyledSection>

      {sections.map((section) => (
        <StyledSection key={section.title} aria-labelledby={`section-${section.title}`}>
          <h2 id={`section-${section.title}`}>{t(section.titleKey)}</h2>
          <StyledRows>
            {section.rows.map((row) => (
              <Fragment key={row.label}>
                <dt>{t(row.label)}</dt>
                <dd>{row.field ? optionLabel(row.field, row.value) : row.value}</dd>
              </Fragment>
            ))}
          </StyledRows>
        </StyledSection>
      ))}
    </>
  );
}
