import type { ServiceDefinition } from '@aero/common';
import { BlocksController } from './blocks/blocks.controller.js';
import { BlockRepository } from './blocks/block.repository.js';
import { BlocksService } from './blocks/blocks.service.js';
import { BoostController } from './boost/boost.controller.js';
import { BoostService } from './boost/boost.service.js';
import { CandidateProjection } from './candidates/candidate-projection.js';
import { CandidateRepository } from './candidates/candidate.repository.js';
import { CandidatesController } from './candidates/candidates.controller.js';
import { RebuildCandidatesService } from './candidates/rebuild-candidates.service.js';
import { DeckController } from './deck/deck.controller.js';
import { DeckService } from './deck/deck.service.js';
import { ForgetMemberWhenAccountDeletedHandler } from './events/forget-member-when-account-deleted.handler.js';
import { HideCandidateWhenAccountRestrictedHandler } from './events/hide-candidate-when-account-restricted.handler.js';
import { AddCandidateRestriction1764800000100 } from './migrations/1764800000100-add-candidate-restriction.js';
import { ProjectCandidateWhenAccountTypeSetHandler } from './events/project-candidate-when-account-type-set.handler.js';
import { ProjectCandidateWhenProfileChangedHandler } from './events/project-candidate-when-profile-changed.handler.js';
import { ProjectCandidateWhenSettingsChangedHandler } from './events/project-candidate-when-settings-changed.handler.js';
import { MatchRepository } from './matches/match.repository.js';
import { PhotoAccessController } from './photo-access/photo-access.controller.js';
import { PhotoAccessService } from './photo-access/photo-access.service.js';
import { MatchesController } from './matches/matches.controller.js';
import { MatchesService } from './matches/matches.service.js';
import { CreateDiscoverySchema1763700000000 } from './migrations/1763700000000-create-discovery-schema.js';
import { CreateDiscoveryTables1764100000000 } from './migrations/1764100000000-create-discovery-tables.js';
import { AddCandidateRevisions1764200000000 } from './migrations/1764200000000-add-candidate-revisions.js';
import { AddCandidatePrivacy1764300000000 } from './migrations/1764300000000-add-candidate-privacy.js';
import { CreateBlocks1764400000000 } from './migrations/1764400000000-create-blocks.js';
import { AddCandidateStaffAccess1764800000000 } from './migrations/1764800000000-add-candidate-staff-access.js';
import { CreateLayovers1764910000000 } from './migrations/1764910000000-create-layovers.js';
import { AddLayoverDeckIndexes1764920000000 } from './migrations/1764920000000-add-layover-deck-indexes.js';
import { AddOutboxRequestId1765000000000 } from './migrations/1765000000000-add-outbox-request-id.js';
import { AddDeckLocationIndexes1765100000000 } from './migrations/1765100000000-add-deck-location-indexes.js';
import { AddProfileViewsRecentIndex1765500000000 } from './migrations/1765500000000-add-profile-views-recent-index.js';
import { AddInboxProcessedAtIndex1765800000000 } from './migrations/1765800000000-add-inbox-processed-at-index.js';
import { AddCandidateBaseAirportChangedAt1765900000000 } from './migrations/1765900000000-add-candidate-base-airport-changed-at.js';
import { AddCandidateBoostStartedAt1766000000000 } from './migrations/1766000000000-add-candidate-boost-started-at.js';
import { AddMemberDeletionIndexes1766100000000 } from './migrations/1766100000000-add-member-deletion-indexes.js';
import { EndedLayoversSweeper } from './layovers/ended-layovers.sweeper.js';
import { LayoverRepository } from './layovers/layover.repository.js';
import { LayoversController } from './layovers/layovers.controller.js';
import { LayoversService } from './layovers/layovers.service.js';
import { ProfileViewRepository } from './profile-views/profile-view.repository.js';
import { ProfileViewsController } from './profile-views/profile-views.controller.js';
import { ProfileViewsService } from './profile-views/profile-views.service.js';
import { SwipeRepository } from './swipes/swipe.repository.js';
import { SwipeService } from './swipes/swipe.service.js';
import { DemoLikesService } from './swipes/demo-likes.service.js';
import { SwipesController } from './swipes/swipes.controller.js';

/** discovery: the deck (a read model of profiles and accounts), likes and passes, matches, boosts, profile views, unmatch and blocks. */
export const discoveryService: ServiceDefinition = {
  name: 'discovery',
  controllers: [CandidatesController, PhotoAccessController, DeckController, SwipesController, BoostController, ProfileViewsController, MatchesController, BlocksController, LayoversController],
  providers: [PhotoAccessService, CandidateRepository, CandidateProjection, RebuildCandidatesService, SwipeRepository, MatchRepository, ProfileViewRepository, DeckService, SwipeService, DemoLikesService, BoostService, ProfileViewsService, MatchesService, BlockRepository, BlocksService, LayoverRepository, LayoversService, EndedLayoversSweeper],
  entities: [],
  migrations: [CreateDiscoverySchema1763700000000, CreateDiscoveryTables1764100000000, AddCandidateRevisions1764200000000, AddCandidatePrivacy1764300000000, CreateBlocks1764400000000, AddCandidateStaffAccess1764800000000, AddCandidateRestriction1764800000100, CreateLayovers1764910000000, AddLayoverDeckIndexes1764920000000, AddOutboxRequestId1765000000000, AddDeckLocationIndexes1765100000000, AddProfileViewsRecentIndex1765500000000, AddInboxProcessedAtIndex1765800000000, AddCandidateBaseAirportChangedAt1765900000000, AddCandidateBoostStartedAt1766000000000, AddMemberDeletionIndexes1766100000000],
  eventHandlers: [ProjectCandidateWhenProfileChangedHandler, ProjectCandidateWhenSettingsChangedHandler, ProjectCandidateWhenAccountTypeSetHandler, ForgetMemberWhenAccountDeletedHandler, HideCandidateWhenAccountRestrictedHandler],
};
