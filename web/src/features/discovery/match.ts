// The match screen, as its own entry: the router loads it as a chunk of its own (after the deck's,
// once the swipe screen has settled), so the swipe screen's first load does not carry it.
export { MatchScreen } from './components/match-screen';
