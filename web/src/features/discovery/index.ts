export { SwipeScreen, type LayoverAccess } from './components/swipe-screen';
export { discoveryApi, useGetMatchesQuery } from './api/discovery-api';
