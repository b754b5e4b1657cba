export { SwipeScreen } from './components/swipe-screen';
export { discoveryApi, useGetMatchesQuery } from './api/discovery-api';
