import { StyledAvatar } from './chat-styles';

/** A member's main photo in a circle, or the first letter of the name on the brand gradient. */
export function Avatar({ photo, name, size }: { photo: string | null | undefined; name: string; size: number }) {
  return (
    <StyledAvatar $size={size} aria-hidden="true">
      {photo ? <img src={photo} alt="" loading="lazy" /> : name.slice(0, 1).toUpperCase()}
    </StyledAvatar>
  );
}
