export { SwipeScreen } from './components/swipe-screen';
export { MatchScreen } from './components/match-screen';
export { discoveryApi, useGetMatchesQuery } from './api/discovery-api';
