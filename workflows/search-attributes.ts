import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Custom search attributes that make runs findable in the Temporal UI by the ids people see in the portal. */
export const ProjectIdAttribute = defineSearchAttributeKey('PressroomProjectId', SearchAttributeType.KEYWORD);
export const UserIdAttribute = defineSearchAttributeKey('PressroomUserId', SearchAttributeType.KEYWORD);
export const StageAttribute = defineSearchAttributeKey('PressroomStage', SearchAttributeType.KEYWORD);

export const customSearchAttributes = [ProjectIdAttribute, UserIdAttribute, StageAttribute];
